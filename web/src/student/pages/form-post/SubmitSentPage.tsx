import { SentPage } from './FormPostPages';

/** /submit/sent: a feedback form posted by the browser itself (FormPostPages.tsx). */
export default function SubmitSentPage() {
  return <SentPage form="submit" />;
}
