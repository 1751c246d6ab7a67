// A private link (track.html): the feedback, its reply and the link, light until the student acts.
import { setUpPage } from '../light';
import { isTrackPage, setUpTrack } from '../track';

setUpPage((root, handOver, options) => (isTrackPage(root) ? setUpTrack(root, handOver, options) : undefined));
