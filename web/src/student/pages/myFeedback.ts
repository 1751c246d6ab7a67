// My feedback: the list this device remembers.
import { setUpPage } from '../light';
import { isMyFeedbackPage, setUpMyFeedback } from '../myFeedback';

setUpPage((root, _handOver, options) => (isMyFeedbackPage(root) ? setUpMyFeedback(root, options) : undefined));
