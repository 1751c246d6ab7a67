import { NotSentPage } from './FormPostPages';

/** /class-session/not-sent: a feedback form posted by the browser itself (FormPostPages.tsx). */
export default function SessionNotSentPage() {
  return <NotSentPage form="class-session" />;
}
