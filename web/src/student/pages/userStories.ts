// The user stories board: light until the visitor acts.
import { setUpPage } from '../light';
import { isUserStoriesPage, setUpUserStories } from '../userStories';

setUpPage((root, handOver, options) => (isUserStoriesPage(root) ? setUpUserStories(root, handOver, options) : undefined));
