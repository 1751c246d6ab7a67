// The pages the browser benchmarks open, by the name results.json uses, with the URL path of the
// demo data: the pages students open from a QR code and the two pages professors and the public
// use most.
import { createHash } from 'node:crypto';
import type pg from 'pg';

export interface DemoPage {
  name: string;
  path: string;
  signedIn?: boolean;
  /**
   * The page replaces itself with another (a class link with its session's form): only "accepts
   * input at" opens it, from the QR code to the form; Lighthouse and the long tasks watch one document.
   */
  leadsOn?: boolean;
}

export const STUDENT_PAGES = [
  '/',
  '/course-search',
  '/courses/{id}',
  '/class-session',
  '/submit',
  '/my-feedback',
  '/track/{token}',
  '/submit/sent',
  '/submit/not-sent',
  '/privacy',
  '/accessibility',
];

/** The secret of the bench's own private link (the edit token is `<id>.<secret>`; the database keeps its SHA-256). */
// 43 characters, as a real secret has: the sent page takes nothing else from its fragment.
const TRACK_SECRET = 'bench-private-link-000000000000000000000000';

/** A private link to feedback on today's session, with the professor's reply: made once per stack. */
async function benchPrivateLink(db: pg.Pool, courseId: string, sessionId: string): Promise<string> {
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

export async function demoPages(db: pg.Pool): Promise<DemoPage[]> {
  const { rows } = await db.query<{ course_id: string; session_id: string; access_token: string }>(
    `select c.id as course_id, s.id as session_id, s.access_token
     from public.courses c
     join public.class_sessions s on s.course_id = c.id
     where c.code = 'COSC 1337' and s.session_date = (now() at time zone c.timezone)::date`,
  );
  if (!rows[0]) throw new Error('the demo data has no session of COSC 1337 today');
  const { course_id: courseId, session_id: sessionId, access_token: token } = rows[0];
  const privateLink = await benchPrivateLink(db, courseId, sessionId);
  return [
    { name: '/', path: '/' },
    { name: '/course-search', path: '/course-search' },
    { name: '/courses/{id}', path: `/courses/${courseId}` },
    { name: '/class/{token}', path: `/class/${token}`, leadsOn: true },
    { name: '/class-session', path: `/class-session?courseId=${courseId}&sessionId=${sessionId}` },
    { name: '/submit', path: `/submit?courseId=${courseId}` },
    { name: '/my-feedback', path: '/my-feedback' },
    { name: '/track/{token}', path: `/track/${privateLink}` },
    // Where a form posted without JavaScript lands, its new submission's private link in the fragment.
    { name: '/submit/sent', path: `/submit/sent?courseId=${courseId}#token=${privateLink}` },
    // And a refused one, its message by field and what was typed.
    {
      name: '/submit/not-sent',
      path: `/submit/not-sent?courseId=${courseId}#${new URLSearchParams({ error: 'Please enter a topic', code: 'invalid_input', 'e.topic': 'Please enter a topic', 'v.confusion': 'Where the calls stop' })}`,
    },
    { name: '/privacy', path: '/privacy' },
    { name: '/accessibility', path: '/accessibility' },
    { name: '/user-stories', path: '/user-stories' },
    { name: '/professor/dashboard', path: '/professor/dashboard', signedIn: true },
  ];
}

/** The pages named in `variable` ("/courses/{id},/submit"), all when it is unset: a part measured on some pages only. */
export function onlyPagesIn(variable: string): (page: DemoPage) => boolean {
  const only = process.env[variable]?.split(',').map((name) => name.trim());
  return (page) => !only || only.includes(page.name);
}
