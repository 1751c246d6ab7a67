// A refused form post's "not sent" page: the refusal said, and the way back to the form with what was typed.
import { setUpPage } from '../light';
import { isNotSentPage, setUpNotSentPage } from '../notSent';

setUpPage((root) => (isNotSentPage(root) ? setUpNotSentPage(root) : undefined));
