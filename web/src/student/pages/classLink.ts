// A class link (class.html): on to its session's form.
import { setUpPage } from '../light';
import { followClassLink, isClassLinkPage } from '../classLink';

setUpPage((_root, handOver) => {
  if (isClassLinkPage()) void followClassLink(handOver);
});
