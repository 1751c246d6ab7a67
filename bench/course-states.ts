// The three states a course's pages are measured in (issue 52), made by the bench in its
// throw-away stack's database:
// - `plain`: COSC 1337 as supabase/seed.sql leaves it: a class session today with no professor's
//   note on it, and no check question pending (its notes are on earlier sessions, none with one);
// - `note`: a "you said, we did" note on today's session;
// - `check`: a note on the previous session naming the confusion it answered and a control, which
//   today's forms ask about (docs/decisions/follow-up-checks.md, `private.follow_up_note`).
// `note` and `check` are copies of COSC 1337 (its settings, owner, time zone, every class session,
// submission, "me too" and note), so that their pages differ from the plain one by that one note.
// Each copy is made once per stack, in one transaction: the bench may run twice on one stack.
import type pg from 'pg';

export const COURSE_STATES = ['plain', 'note', 'check'] as const;
export type CourseState = (typeof COURSE_STATES)[number];

/** A course in one state: what its pages' addresses need. */
export interface StateCourse {
  courseId: string;
  /** Today's class session, and the token of its class link. */
  sessionId: string;
  token: string;
}

/** COSC 1337 of the demo data (supabase/seed.sql). */
const DEMO_COURSE_ID = 'c0000000-0000-4000-8000-000000001337';

interface StateNote {
  /** The class session it is on: today's, or the one before today. */
  on: 'today' | 'previous';
  body: string;
  /** The confusion it answered and the control, which the next session rates; none for a plain note. */
  topics: [addressed: string, control: string] | null;
}

interface CourseCopy {
  id: string;
  /** A code of its own: a course's code, section and term are unique. Same length as COSC 1337's, so its title takes the same room. */
  code: string;
  note: StateNote;
}

const COPIES: Record<Exclude<CourseState, 'plain'>, CourseCopy> = {
  note: {
    id: 'b0000000-0000-4000-8000-000000001338',
    code: 'COSC 1338',
    note: {
      on: 'today',
      body: 'You said the recursion example went by too fast. We did: the slides now trace every call, and the worked example is on the course page.',
      topics: null,
    },
  },
  check: {
    id: 'b0000000-0000-4000-8000-000000001339',
    code: 'COSC 1339',
    note: {
      on: 'previous',
      body: 'You said the base case was unclear. We did: today’s class begins by tracing factorial(3) on the board, one call at a time.',
      topics: ['the base case', 'the call stack'],
    },
  },
};

const COURSE_IDS: Record<CourseState, string> = { plain: DEMO_COURSE_ID, note: COPIES.note.id, check: COPIES.check.id };

/** What each state shows today: a note on today's session, a check question its forms ask. */
const SHOWS: Record<CourseState, { noteToday: boolean; checkPending: boolean }> = {
  plain: { noteToday: false, checkPending: false },
  note: { noteToday: true, checkPending: false },
  check: { noteToday: false, checkPending: true },
};

// Every query of a copy takes $1, the course copied, and $2, the copy ($3: the copy's code).

const COPY_COURSE = `
  insert into public.courses (id, owner_id, name, code, section, timezone, term, created_at, ended_at, alarm_window_minutes,
    alarm_min_responses, alarm_lost_share, review_before_publishing, min_public_responses, retention_days, peer_confusion,
    lms_roles_join_team)
  select $2::uuid, owner_id, name, $3, section, timezone, term, created_at, ended_at, alarm_window_minutes,
    alarm_min_responses, alarm_lost_share, review_before_publishing, min_public_responses, retention_days, peer_confusion,
    lms_roles_join_team
  from public.courses where id = $1::uuid
  on conflict do nothing`;

const COPY_SESSIONS = `
  insert into public.class_sessions (course_id, session_date, expires_at, is_active, topic, created_at)
  select $2::uuid, session_date, expires_at, is_active, topic, created_at
  from public.class_sessions where course_id = $1::uuid`;

/** A copied row's id, derived from the original's, so that the "me too"s can find their copied submission. */
const COPY_ID = (column: string) => `md5(${column}::text || $2::uuid::text)::uuid`;

/** The copy's class session on the same day as the original's `cs`. */
const TWIN_SESSION = 'join public.class_sessions twin on twin.course_id = $2::uuid and twin.session_date = cs.session_date';

const COPY_SUBMISSIONS = `
  insert into public.submissions (id, course_id, class_session_id, kind, edit_token_hash, reviewed_at, created_at, updated_at,
    hidden_at, topic, confusion, difficulty_level, mind_after_session, unclear_parts, went_well, pace, challenge_level,
    clarity_rating, confidence_level)
  select ${COPY_ID('s.id')}, $2::uuid, twin.id, s.kind, encode(sha256(convert_to(${COPY_ID('s.id')}::text, 'UTF8')), 'hex'),
    s.reviewed_at, s.created_at, s.updated_at, s.hidden_at, s.topic, s.confusion, s.difficulty_level, s.mind_after_session,
    s.unclear_parts, s.went_well, s.pace, s.challenge_level, s.clarity_rating, s.confidence_level
  from public.submissions s
  join public.class_sessions cs on cs.id = s.class_session_id
  ${TWIN_SESSION}
  where s.course_id = $1::uuid`;

const COPY_ME_TOOS = `
  insert into public.me_too (submission_id, device_hash)
  select ${COPY_ID('m.submission_id')}, m.device_hash
  from public.me_too m
  join public.submissions s on s.id = m.submission_id
  where s.course_id = $1::uuid`;

const COPY_NOTES = `
  insert into public.session_notes (session_id, body, check_question, addressed_topic, control_topic, created_at, updated_at)
  select twin.id, n.body, n.check_question, n.addressed_topic, n.control_topic, n.created_at, n.updated_at
  from public.session_notes n
  join public.class_sessions cs on cs.id = n.session_id
  ${TWIN_SESSION}
  where cs.course_id = $1::uuid`;

/** The state's own note ($1 the course, $2 its body, $3 and $4 its topics) on today's session or the latest before it. */
const STATE_NOTE = (on: StateNote['on']) => `
  insert into public.session_notes (session_id, body, addressed_topic, control_topic)
  select cs.id, $2::text, $3::text, $4::text
  from public.class_sessions cs
  join public.courses c on c.id = cs.course_id
  where c.id = $1::uuid and cs.session_date ${on === 'today' ? '=' : '<'} (now() at time zone c.timezone)::date
  order by cs.session_date desc
  limit 1`;

/** A course's class session today (in the course's time zone), and what its page and forms show about notes. */
const TODAY = `
  select cs.id as session_id, cs.access_token as token,
    exists (select 1 from public.session_notes n where n.session_id = cs.id) as note_today,
    (private.follow_up_note(c.id, cs.session_date)).id is not null as check_pending
  from public.courses c
  join public.class_sessions cs on cs.course_id = c.id
  where c.id = $1::uuid and cs.session_date = (now() at time zone c.timezone)::date`;

async function inTransaction(db: pg.Pool, work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await db.connect();
  try {
    await client.query('begin');
    await work(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** Makes `copy` of COSC 1337 with its state's note, unless this stack has it already. */
async function ensureCopy(db: pg.Pool, copy: CourseCopy): Promise<void> {
  await inTransaction(db, async (client) => {
    const made = await client.query(COPY_COURSE, [DEMO_COURSE_ID, copy.id, copy.code]);
    if (made.rowCount === 0) return;
    for (const query of [COPY_SESSIONS, COPY_SUBMISSIONS, COPY_ME_TOOS, COPY_NOTES]) await client.query(query, [DEMO_COURSE_ID, copy.id]);
    await client.query(STATE_NOTE(copy.note.on), [copy.id, copy.note.body, copy.note.topics?.[0] ?? null, copy.note.topics?.[1] ?? null]);
  });
}

/** The course of `state` today, checked to show what the state is about. */
async function stateCourse(db: pg.Pool, state: CourseState): Promise<StateCourse> {
  const courseId = COURSE_IDS[state];
  const { rows } = await db.query<{ session_id: string; token: string; note_today: boolean; check_pending: boolean }>(TODAY, [courseId]);
  const today = rows[0];
  if (!today) throw new Error(`the ${state} course (${courseId}) has no class session today`);
  const shows = { noteToday: today.note_today, checkPending: today.check_pending };
  if (shows.noteToday !== SHOWS[state].noteToday || shows.checkPending !== SHOWS[state].checkPending) {
    throw new Error(`the ${state} course (${courseId}) shows ${JSON.stringify(shows)} today, not ${JSON.stringify(SHOWS[state])}`);
  }
  return { courseId, sessionId: today.session_id, token: today.token };
}

/** A course in each state, made in the stack's database the first time. */
export async function stateCourses(db: pg.Pool): Promise<Record<CourseState, StateCourse>> {
  for (const copy of Object.values(COPIES)) await ensureCopy(db, copy);
  const courses = {} as Record<CourseState, StateCourse>;
  for (const state of COURSE_STATES) courses[state] = await stateCourse(db, state);
  return courses;
}
