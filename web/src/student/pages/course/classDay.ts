/** Class days are Monday to Friday: of the course's own date ('YYYY-MM-DD', its time zone's today), as the host decides too. */
export { isClassDate } from '../../../lib/today';

/** The form of the course's class day: always the course's date, never the device's (issue 52). */
export const feedbackPath = (courseId: string, classDay: string) =>
  `/class-session?courseId=${encodeURIComponent(courseId)}&sessionId=${classDay}`;
