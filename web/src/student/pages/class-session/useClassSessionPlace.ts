import { useEffect, useState } from 'react';
import { ApiError, isNotFound } from '../../../lib/errors';
import { resolveClassToken } from '../../../shared/api/resolve-class-token';
import { EXPIRED_LINK_PATH } from '../../../shared/expiredLink';
import { feedbackAddress } from '../../../shared/feedbackAddress';
import { STUDENT_PAGES } from '../../pages';
import { readAddress } from '../../runtime/address';
import { useMounted } from '../../runtime/useMounted';
import { useRead } from '../../runtime/useRead';
import { classSessionPath } from './paths';

/** Where Session Feedback's feedback goes: the course ('' for none: a dropdown) and the class session ('' for none). */
export interface ClassSessionPlace {
  courseId: string;
  sessionId: string;
}

export type PlaceState =
  /** Not known yet: the page's HTML (made for every address), its hydrating render, a class link on its way. */
  | { status: 'unknown' }
  /** A class link's read got no answer (the network, a server error): worth a retry, never "expired". */
  | { status: 'failed'; retry: () => void; retrying: boolean }
  | ({ status: 'known' } & ClassSessionPlace);

const CLASS_LINK = STUDENT_PAGES.find((page) => page.path === '/class/{token}')?.addresses;

/** The database's answer that the link leads nowhere (unknown, inactive, expired, malformed): any refusal. */
const isRefusal = (error: unknown) => (error instanceof ApiError ? error.status >= 400 && error.status < 500 : isNotFound(error));

/**
 * Session Feedback's class session: from the address's `?courseId=&sessionId=`, or, on a class
 * link (`/class/{token}`, what a class QR code opens), from its token. A resolved link becomes
 * `/class-session?…` in place (Back leaves the site, as before); a refused one goes to the landing
 * page's expired-link banner.
 */
export function useClassSessionPlace(classLink: boolean): PlaceState {
  const mounted = useMounted();
  const [token, setToken] = useState<string>();
  useEffect(() => {
    if (classLink) setToken(readAddress(CLASS_LINK).id ?? '');
  }, [classLink]);
  const link = useRead(`class-link:${token ?? ''}`, () => resolveClassToken(token ?? ''), { enabled: token !== undefined });
  const refused = link.status === 'error' && isRefusal(link.error);
  const resolved = link.status === 'success' ? link.data : undefined;

  useEffect(() => {
    if (resolved) window.history.replaceState(window.history.state, '', classSessionPath(resolved.courseId, resolved.sessionId));
  }, [resolved]);
  useEffect(() => {
    if (refused) window.location.replace(EXPIRED_LINK_PATH);
  }, [refused]);

  if (!mounted) return { status: 'unknown' };
  if (!classLink) return { status: 'known', ...feedbackAddress(new URLSearchParams(window.location.search)) };
  if (resolved) return { status: 'known', courseId: resolved.courseId, sessionId: resolved.sessionId };
  if (link.status === 'error' && !refused) return { status: 'failed', retry: link.refetch, retrying: link.fetching };
  return { status: 'unknown' };
}
