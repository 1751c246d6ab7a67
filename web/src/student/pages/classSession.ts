// Session Feedback, where a class QR code leads: light until "Submit".
import { setUpPage } from '../light';
import { isClassSessionPage, setUpClassSession } from '../classSession';

setUpPage((root, handOver, options) => (isClassSessionPage(root) ? setUpClassSession(root, handOver, options) : undefined));
