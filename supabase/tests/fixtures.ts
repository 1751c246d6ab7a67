// Arranges database rows for tests, straight through Postgres as `postgres` (row-level security bypassed).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { RUN_TIME_ZONE } from '../../testing/timeZone.ts';
import { db, uniqueCourseCode } from '../../testing/vitest.ts';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomHash = () => sha256(randomBytes(16).toString('hex'));

export async function createAuthUser(email = `user-${randomUUID().slice(0, 8)}@example.edu`): Promise<string> {
  const id = randomUUID();
  await db().query(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), '{}', '{}', now(), now())`,
    [id, email],
  );
  return id;
}

export async function createCourse(ownerId: string, opts: { timezone?: string; code?: string; name?: string } = {}) {
  const { rows } = await db().query<{ id: string; code: string }>(
    `insert into public.courses (owner_id, name, code, timezone) values ($1, $2, $3, $4) returning id, code`,
    [ownerId, opts.name ?? 'Test Course', opts.code ?? uniqueCourseCode(), opts.timezone ?? RUN_TIME_ZONE],
  );
  return rows[0];
}

/** A session of `courseId` on the day `daysFromToday` away (in the course's zone), open unless told. */
export async function createSession(
  courseId: string,
  opts: { daysFromToday?: number; expired?: boolean; active?: boolean; topic?: string } = {},
) {
  const { rows } = await db().query<{ id: string; access_token: string; session_date: string }>(
    `insert into public.class_sessions (course_id, session_date, expires_at, is_active, topic)
     select $1, d.session_date + $2::int,
       case when $3 then now() - interval '1 minute' else d.expires_at + make_interval(days => $2::int) end,
       $4, $5
     from public.courses c, private.class_day(c.timezone, now()) d
     where c.id = $1
     returning id, access_token, session_date::text`,
    [courseId, opts.daysFromToday ?? 0, opts.expired ?? false, opts.active ?? true, opts.topic ?? null],
  );
  return rows[0];
}

type QuickRow = { topic?: string; confusion?: string; difficulty_level?: string; created_at?: string };
type SessionRow = { clarity_rating?: number; unclear_parts?: string; created_at?: string };

export async function createQuickSubmission(courseId: string, sessionId: string, row: QuickRow = {}) {
  const { rows } = await db().query<{ id: string }>(
    `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at)
     values ($1, $2, 'quick', $3, $4, $5, $6, coalesce($7::timestamptz, now())) returning id`,
    [
      courseId,
      sessionId,
      randomHash(),
      row.topic ?? 'Recursion',
      row.confusion ?? 'The base case is still unclear to me.',
      row.difficulty_level ?? 'very',
      row.created_at ?? null,
    ],
  );
  return rows[0].id;
}

export async function createSessionSubmission(courseId: string, sessionId: string, row: SessionRow = {}) {
  const { rows } = await db().query<{ id: string }>(
    `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, mind_after_session,
       unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level, created_at)
     values ($1, $2, 'session', $3, 'Session feedback', 'Thinking about the homework.', $4, 'The examples.',
       'just_right', 'challenging_manageable', $5, 50, coalesce($6::timestamptz, now())) returning id`,
    [courseId, sessionId, randomHash(), row.unclear_parts ?? 'Recursion depth', row.clarity_rating ?? 4, row.created_at ?? null],
  );
  return rows[0].id;
}

export async function createStory(opts: { impact?: number; confidence?: number; ease?: number; title?: string } = {}) {
  const { rows } = await db().query<{ id: string }>(
    `insert into public.user_stories (title, description, impact, confidence, ease)
     values ($1, $1 || ', so that tests pass.', $2, $3, $4) returning id`,
    [opts.title ?? `As a student, I want to test ${randomUUID()}`, opts.impact ?? 5, opts.confidence ?? 5, opts.ease ?? 5],
  );
  return rows[0].id;
}

/** Registers an anonymous voting token as the user-stories function would; returns its hash. */
export async function createVoter(): Promise<string> {
  const hash = randomHash();
  await db().query('insert into public.anonymous_sessions (anonymous_token_hash) values ($1)', [hash]);
  return hash;
}

export async function vote(storyId: string, tokenHash: string) {
  await db().query('insert into public.user_story_upvotes (user_story_id, session_token_hash) values ($1, $2)', [storyId, tokenHash]);
}

/** Puts an account on a course's teaching team, as accepting an invitation would. */
export async function addTeamMember(courseId: string, userId: string, role: 'co_instructor' | 'ta') {
  await db().query(
    `insert into public.course_members (course_id, user_id, role, email)
     select $1, u.id, $3, lower(u.email) from auth.users u where u.id = $2`,
    [courseId, userId, role],
  );
}

/** Takes an account off a course's teaching team. */
export async function removeTeamMember(courseId: string, userId: string) {
  await db().query('delete from public.course_members where course_id = $1 and user_id = $2', [courseId, userId]);
}
