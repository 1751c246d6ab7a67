/** The Variant B screen for a course's class session. */
export function classSessionPath(courseId: string, sessionId: string): string {
  return `/class-session?${new URLSearchParams({ sessionId, courseId })}`;
}
