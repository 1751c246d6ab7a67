/**
 * Variant A's `sessionId` for "today": the submissions function puts the course's class day in its
 * own time zone there (a page without `?sessionId=`). The device's date never stands for it: a phone
 * in another zone, or near midnight, is on another day than the course, and would be refused.
 * A module of its own, without zod: the student pages' first load imports it.
 */
export const TODAY_SESSION = 'today';

/**
 * Class days are Monday to Friday, of the course's own date ("2026-11-23"), whatever the clock's
 * time zone: one rule for the course page's island (web/src/student/pages/course/classDay.ts) and
 * for the first screen a host writes into it (course-page.ts).
 */
export function isClassDate(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getDay();
  return weekday >= 1 && weekday <= 5;
}
