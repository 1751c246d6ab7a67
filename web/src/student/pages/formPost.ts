// A form post's "sent" page: the outcome and its private link, light until the student acts on the link.
import { setUpPage } from '../light';
import { isSentPage, setUpSentPage } from '../formPost';

setUpPage((root, handOver, options) => (isSentPage(root) ? setUpSentPage(root, handOver, options) : undefined));
