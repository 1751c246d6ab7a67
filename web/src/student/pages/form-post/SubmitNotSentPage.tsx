import { NotSentPage } from './FormPostPages';

/** /submit/not-sent: a feedback form posted by the browser itself (FormPostPages.tsx). */
export default function SubmitNotSentPage() {
  return <NotSentPage form="submit" />;
}
