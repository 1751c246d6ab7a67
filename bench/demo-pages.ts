// The pages the browser benchmarks open, by the name results.json uses, with the URL path of the
// demo data: the pages students open from a QR code and the two pages professors and the public
// use most.
import type pg from 'pg';

export interface DemoPage {
  name: string;
  path: string;
  signedIn?: boolean;
}

export const STUDENT_PAGES = [
  '/',
  '/course-search',
  '/courses/{id}',
  '/class-session',
  '/submit',
  '/my-feedback',
  '/privacy',
  '/accessibility',
];

export async function demoPages(db: pg.Pool): Promise<DemoPage[]> {
  const { rows } = await db.query<{ course_id: string; session_id: string }>(
    `select c.id as course_id, s.id as session_id
     from public.courses c
     join public.class_sessions s on s.course_id = c.id
     where c.code = 'COSC 1337' and s.session_date = (now() at time zone c.timezone)::date`,
  );
  if (!rows[0]) throw new Error('the demo data has no session of COSC 1337 today');
  const { course_id: courseId, session_id: sessionId } = rows[0];
  return [
    { name: '/', path: '/' },
    { name: '/course-search', path: '/course-search' },
    { name: '/courses/{id}', path: `/courses/${courseId}` },
    { name: '/class-session', path: `/class-session?courseId=${courseId}&sessionId=${sessionId}` },
    { name: '/submit', path: `/submit?courseId=${courseId}` },
    { name: '/my-feedback', path: '/my-feedback' },
    { name: '/privacy', path: '/privacy' },
    { name: '/accessibility', path: '/accessibility' },
    { name: '/user-stories', path: '/user-stories' },
    { name: '/professor/dashboard', path: '/professor/dashboard', signedIn: true },
  ];
}
