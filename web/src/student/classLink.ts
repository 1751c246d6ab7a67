/**
 * A light class link page, `/class/{token}` (what a class QR code opens): the page shows "Validating
 * session link..." from its HTML while its first script asks which class session the token names
 * (web/scripts/class-link-ask.ts); with the answer this goes on to that session's form, or to the
 * landing page with the seed's expired-link banner, each an ordinary page load that replaces the
 * link in the history, as the app's ClassLinkPage does. When no answer comes (the network, a server
 * error), the app starts instead and asks again on its own terms.
 */
import { CLASS_LINK_ANSWER, CLASS_LINK_PAGE_PATH } from '../app/addressPages';
import { classSessionPath } from '../features/class-session/paths';
import { EXPIRED_LINK_PATH } from '../shared/expiredLink';

export const isClassLinkPage = () => CLASS_LINK_PAGE_PATH.test(location.pathname);

/** The read class.html's first script sent. */
function classLinkAnswer(): Promise<Response> | undefined {
  return (window as unknown as Record<string, Promise<Response> | undefined>)[CLASS_LINK_ANSWER];
}

function isClassSession(value: unknown): value is { courseId: string; sessionId: string } {
  const session = value as { courseId?: unknown; sessionId?: unknown } | null;
  return typeof session?.courseId === 'string' && typeof session.sessionId === 'string';
}

export async function followClassLink(startApp: () => void): Promise<void> {
  const answer = classLinkAnswer();
  // Not asked (a session cookie it saw that the loader did not): the app asks.
  if (!answer) return startApp();
  let session: unknown;
  try {
    const response = await answer;
    if (response.status >= 500) return startApp();
    // Any refusal (a malformed token among them) is a link that leads nowhere, as in the app.
    session = response.ok ? await response.json() : null;
  } catch {
    return startApp();
  }
  location.replace(isClassSession(session) ? classSessionPath(session.courseId, session.sessionId) : EXPIRED_LINK_PATH);
}
