/**
 * `/courses/{id}` has a prerendered page of its own, one file for every course (web/scripts/course-page):
 * hosts answer each course's address with it (docs/deploying.md), and so does the service worker.
 */
export const COURSE_PAGE_FILE = 'course.html';

/** The addresses the course page's file answers. */
export const COURSE_PAGE_PATH = /^\/courses\/[^/]+\/?$/;

/**
 * What the course page's drawing script leaves for a light page's script (web/src/student/course.ts):
 * the address its timeline was asked at (the answer waits under it, lib/prefetched.ts). How to start
 * the app instead, for what the light page does not draw, it leaves where every light page's loader
 * does (LIGHT_START_APP).
 */
export const COURSE_PAGE_HANDOFF = '__classpulseCoursePage';

export interface CoursePageHandoff {
  timeline: string;
}

/** Ids of the course page's templates for a light page: its timeline in each state, its counts. */
export const courseTimelineTemplateId = (language: string, island: string) => `course-timeline-${language}-${island}`;
export const courseCountsTemplateId = (language: string) => `course-counts-${language}`;

/** The stand-in course and note: marks the inline script finds in the rendered page. */
export const COURSE_MARKS = {
  id: '00000000-0000-4000-8000-00000000c0de',
  code: '__COURSE_CODE__',
  name: '__COURSE_NAME__',
  section: '__COURSE_SECTION__',
  term: '__COURSE_TERM__',
  instructors: '__COURSE_INSTRUCTORS__',
  noteBody: '__NOTE_BODY__',
} as const;

/** A class day (Monday) and a day without class (Sunday), at noon: the two versions of the page. */
export const COURSE_DAYS = {
  weekday: '2001-01-01',
  weekend: '2000-12-31',
} as const;
export type CourseDay = keyof typeof COURSE_DAYS;

/** Marks in the stand-in timeline's entries and counts, which a light course page replaces (web/src/student/course.ts). */
export const TIMELINE_MARKS = {
  topic: '__TIMELINE_TOPIC__',
  confusion: '__TIMELINE_CONFUSION__',
  count: 987654321,
  createdAt: '2001-01-01T12:00:00.000Z',
} as const;

/**
 * The course pages this device opened last, kept to draw at once on the next visit (their code,
 * name and notes: what anyone with the course's link reads), newest first. The read that follows
 * replaces them (docs/decisions/course-page.md); /privacy lists the key.
 */
export const COURSE_MEMORY = { key: 'classpulse.coursePages', limit: 10 } as const;
