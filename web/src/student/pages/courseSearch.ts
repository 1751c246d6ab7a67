// Course search: its results, "Course Not Found" and its toasts.
import { setUpPage } from '../light';
import { isCourseSearchPage, setUpCourseSearch } from '../courseSearch';

setUpPage((root, _handOver, options) => (isCourseSearchPage(root) ? setUpCourseSearch(root, options) : undefined));
