// A course page's first screen as a host writes it into the page itself (nginx's SSI:
// bench/nginx-site.conf): the course's heading and its two cards, so that they are on the page as
// first served, and its script only adds the rest (docs/decisions/course-page.md, "The first
// screen from the host"). The submissions function answers GET /form-page?page=/courses/<id> with
// this line; the page's SSI patterns (web/src/student/render/hostedCourse.tsx) pick the markup the
// build wrote for the course's state and put its texts in place.
import { isClassDate } from './today.ts';
import { escapeForPage, FIELD_SEPARATOR } from './form-check.ts';

/** The course as the page's reads give it to anyone with its link. */
export interface HostedCourse {
  id: string;
  code: string;
  name: string;
  section: string | null;
  endedAt: string | null;
  /** Its class day (its time zone's today), null once its term has ended: `course_class_day()`. */
  classDay: string | null;
}

/**
 * `ended|today|id|code|section|name|day`: ended and today are 0 or 1 (today: a class day, so the
 * page links to its form), section and day may be empty, every text is escaped for the page. ''
 * for no course: the host writes nothing, and the page's script says "Course Not Found".
 */
export function coursePageLine(course: HostedCourse | null): string {
  if (!course) return '';
  const ended = course.endedAt !== null;
  const today = !ended && course.classDay !== null && isClassDate(course.classDay);
  return [
    ended ? '1' : '0',
    today ? '1' : '0',
    course.id,
    escapeForPage(course.code),
    escapeForPage(course.section ?? ''),
    escapeForPage(course.name),
    course.classDay ?? '',
  ].join(FIELD_SEPARATOR);
}
