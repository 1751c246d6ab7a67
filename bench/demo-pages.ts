// The pages the browser benchmarks open, by the name results.json uses, with their address in the
// demo data: every page of the student page registry (web/src/student/pages.ts), those that show a
// course's data once in each state of their course (bench/course-states.ts), and the professor's
// dashboard, the page professors use most.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { StudentPage } from '../web/src/student/page.ts';
import { STUDENT_PAGES } from '../web/src/student/pages.ts';
import { COURSE_STATES, type CourseState, type StateCourse, stateCourses } from './course-states.ts';

/** The public board of user stories: in the registry, with targets of its own. */
export const BOARD = '/user-stories';
const DASHBOARD = '/professor/dashboard';

/** Whose targets a page is held to: a student page's, the board's, or none (the professor app). */
export type PageKind = 'student' | 'board' | 'professor';

export interface DemoPage {
  /** The registry's path, with its course's state for a page that shows one: "/class-session (note)". */
  name: string;
  /** The registry's path ("/courses/{id}"), or the professor app's path. */
  page: string;
  kind: PageKind;
  /** The address opened. */
  path: string;
  signedIn?: boolean;
  /** The address the page gives itself once its script has run (history.replaceState), when it does. */
  settlesAt?: string;
}

/** The registry's path a row is of: "/class-session (note)" and "/submit (es)" are /class-session's and /submit's. */
export const pageOfRow = (name: string) => name.replace(/ \(\w+\)$/, '');

export function kindOfPage(page: string): PageKind {
  if (page === BOARD) return 'board';
  return STUDENT_PAGES.some((studentPage: StudentPage) => studentPage.path === page) ? 'student' : 'professor';
}

const sessionQuery = ({ courseId, sessionId }: StateCourse) => `?courseId=${courseId}&sessionId=${sessionId}`;

/** The pages that show a course's data, measured in each state of their course: their address for that course. */
const COURSE_PAGES: Record<string, (course: StateCourse) => string> = {
  '/courses/{id}': ({ courseId }) => `/courses/${courseId}`,
  '/class/{token}': ({ token }) => `/class/${token}`,
  '/class-session': (course) => `/class-session${sessionQuery(course)}`,
  '/submit': ({ courseId }) => `/submit?courseId=${courseId}`,
};

/** A class link is its session's form, which gives itself the form's address once the token is resolved (useClassSessionPlace.ts). */
const SETTLES_AT: Record<string, string> = { '/class/{token}': '/class-session' };

interface DemoData {
  /** COSC 1337 as the demo data has it (the plain state). */
  course: StateCourse;
  privateLink: string;
}

/** What the submissions function puts in the fragment of a refused form post's page: its message by field and what was typed. */
const refusal = (field: string, message: string, typed: string) =>
  new URLSearchParams({ error: message, code: 'invalid_input', [`e.${field}`]: message, [`v.${typed}`]: 'Where the calls stop' });

/** The other pages that need an address of the demo data, measured on the plain course only. */
const DATA_PAGES: Record<string, (demo: DemoData) => string> = {
  '/track/{token}': ({ privateLink }) => `/track/${privateLink}`,
  // Where a form posted without JavaScript lands, its new submission's private link in the fragment.
  '/submit/sent': ({ course, privateLink }) => `/submit/sent?courseId=${course.courseId}#token=${privateLink}`,
  '/class-session/sent': ({ course, privateLink }) => `/class-session/sent${sessionQuery(course)}#token=${privateLink}`,
  '/submit/not-sent': ({ course }) =>
    `/submit/not-sent?courseId=${course.courseId}#${refusal('topic', 'Please enter a topic', 'confusion')}`,
  '/class-session/not-sent': ({ course }) =>
    `/class-session/not-sent${sessionQuery(course)}#${refusal('mindAfterSession', 'Please share what is on your mind after this session', 'unclearParts')}`,
};

/** The secret of the bench's own private link (the edit token is `<id>.<secret>`; the database keeps its SHA-256). */
// 43 characters, as a real secret has: the sent page takes nothing else from its fragment.
const TRACK_SECRET = 'bench-private-link-000000000000000000000000';

/** A private link to feedback on today's session, with the professor's reply: made once per stack. */
async function benchPrivateLink(db: pg.Pool, { courseId, sessionId }: StateCourse): Promise<string> {
  const hash = createHash('sha256').update(TRACK_SECRET).digest('hex');
  const found = await db.query<{ id: string }>('select id from public.submissions where edit_token_hash = $1', [hash]);
  let id = found.rows[0]?.id;
  if (!id) {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level)
       values ($1, $2, 'quick', $3, 'Recursion', 'How the calls unwind after the base case.', 'very') returning id`,
      [courseId, sessionId, hash],
    );
    id = rows[0]!.id;
    await db.query('insert into public.submission_replies (submission_id, class_session_id, body) values ($1, $2, $3)', [
      id,
      sessionId,
      'Trace it with three calls on the board: each returns to the line after its call.',
    ]);
  }
  return `${id}.${TRACK_SECRET}`;
}

/** A registry page as the benchmarks open it: once per state of its course, or once. */
function demoPagesOf(page: StudentPage, courses: Record<CourseState, StateCourse>, demo: DemoData): DemoPage[] {
  const kind = kindOfPage(page.path);
  const courseAddress = COURSE_PAGES[page.path];
  if (courseAddress) {
    return COURSE_STATES.map((state) => ({
      name: `${page.path} (${state})`,
      page: page.path,
      kind,
      path: courseAddress(courses[state]),
      settlesAt: SETTLES_AT[page.path],
    }));
  }
  const dataAddress = DATA_PAGES[page.path];
  if (dataAddress) return [{ name: page.path, page: page.path, kind, path: dataAddress(demo) }];
  if (page.addresses) throw new Error(`${page.path}: bench/demo-pages.ts has no address of the demo data for it`);
  return [{ name: page.path, page: page.path, kind, path: page.path }];
}

export async function demoPages(db: pg.Pool): Promise<DemoPage[]> {
  // The state courses first: the bench's private link is feedback on COSC 1337, which they copy.
  const courses = await stateCourses(db);
  const demo = { course: courses.plain, privateLink: await benchPrivateLink(db, courses.plain) };
  return [
    ...STUDENT_PAGES.flatMap((page: StudentPage) => demoPagesOf(page, courses, demo)),
    { name: DASHBOARD, page: DASHBOARD, kind: 'professor', path: DASHBOARD, signedIn: true },
  ];
}

/**
 * The pages named in `variable` ("/courses/{id},/submit (note)"), all when it is unset: a part
 * measured on some pages only. A registry path names the page in every state.
 */
export function onlyPagesIn(variable: string): (page: DemoPage) => boolean {
  const only = process.env[variable]?.split(',').map((name) => name.trim());
  return (page) => !only || only.includes(page.name) || only.includes(page.page);
}
