// Submit Feedback: light until "Submit".
import { setUpPage } from '../light';
import { isSubmitPage, setUpSubmitForm } from '../submitForm';

setUpPage((root, handOver, options) => (isSubmitPage(root) ? setUpSubmitForm(root, handOver, options) : undefined));
