/** The Variant B screen for a course's class session. */
export function classSessionPath(courseId: string, sessionId: string): string {
  return `/class-session?${new URLSearchParams({ sessionId, courseId })}`;
}

export const EXPIRED_LINK_MESSAGE = 'Session not found or expired. Please ask your professor for a new link.';

/** Where a class link that is unknown, inactive or expired leads: the landing page, with the seed's banner. */
export const EXPIRED_LINK_PATH = `/?error=${encodeURIComponent(EXPIRED_LINK_MESSAGE)}`;
