/**
 * Variant A's `sessionId` for "today": the submissions function puts the course's class day in its
 * own time zone there (a page without `?sessionId=`). The device's date never stands for it: a phone
 * in another zone, or near midnight, is on another day than the course, and would be refused.
 * A module of its own, without zod: the student pages' first load imports it.
 */
export const TODAY_SESSION = 'today';
