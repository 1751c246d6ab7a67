import { SentPage } from './FormPostPages';

/** /class-session/sent: a feedback form posted by the browser itself (FormPostPages.tsx). */
export default function SessionSentPage() {
  return <SentPage form="class-session" />;
}
