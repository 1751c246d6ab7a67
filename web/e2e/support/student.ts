// Student-side helpers for Playwright: arrange courses and class sessions as a real professor,
// read toasts, find seeded courses.
import { db, signInWithEmailCode, uniqueCourseCode } from './stack';
import { TIME_ZONE, inTimeZone } from './timeZone';

export { TIME_ZONE, inTimeZone } from './timeZone';

export interface TestCourse {
  id: string;
  code: string;
  name: string;
}

/** A seeded course (COSC 1337, MATH 2413) by code. */
export async function seededCourse(code: string): Promise<TestCourse> {
  const { rows } = await db().query<TestCourse>('select id, code, name from public.courses where code = $1 and section is null', [code]);
  if (!rows[0]) throw new Error(`seeded course ${code} is missing`);
  return rows[0];
}

/** A new course of a new professor, optionally with today's class link; nobody has submitted to it. */
export async function professorCourse(options: { withSession?: boolean; topic?: string } = {}) {
  const professor = await signInWithEmailCode();
  const code = uniqueCourseCode('S');
  const name = `Student Spec ${code}`;
  const { data: course, error } = await professor.client
    .from('courses')
    .insert({ name, code, timezone: TIME_ZONE })
    .select('id, code, name')
    .single<TestCourse>();
  if (error || !course) throw error ?? new Error('course not created');
  let session: { sessionId: string; accessToken: string; sessionDate: string; expiresAt: string } | undefined;
  if (options.withSession) {
    const { data, error: sessionError } = await professor.client.rpc('create_today_session', {
      course_id: course.id,
      topic: options.topic ?? null,
    });
    if (sessionError) throw sessionError;
    session = data as typeof session;
  }
  return { course, session, professor };
}

export { expectToast } from './toast';

export { OWN_SUBMISSION, failRequests, holdRequests } from './network';

/** Ends a class session now, as the clock passing its end of day would: its links and edits close. */
export async function endClassSession(sessionId: string): Promise<void> {
  await db().query(`update public.class_sessions set expires_at = now() - interval '1 minute' where id = $1`, [sessionId]);
}

/** The class session a submission belongs to (Variant A's sessions are created by the server). */
export async function sessionOfSubmission(submissionId: string): Promise<string> {
  const { rows } = await db().query<{ id: string }>('select class_session_id as id from public.submissions where id = $1', [submissionId]);
  if (!rows[0]) throw new Error(`submission ${submissionId} is missing`);
  return rows[0].id;
}

/** Fixed local times for the class-day rule (noon in the tests' time zone). */
export const WEDNESDAY = inTimeZone('2026-11-25T12:00:00');
export const SATURDAY = inTimeZone('2026-11-28T12:00:00');
