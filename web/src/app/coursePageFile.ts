/**
 * `/courses/{id}` has a prerendered page of its own, one file for every course (web/scripts/course-page):
 * hosts answer each course's address with it (docs/deploying.md), and so does the service worker.
 */
export const COURSE_PAGE_FILE = 'course.html';

/** The addresses the course page's file answers. */
export const COURSE_PAGE_PATH = /^\/courses\/[^/]+\/?$/;
