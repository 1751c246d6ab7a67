// Retention and deletion: purge_expired_feedback at its boundaries with a fixed clock (`at`),
// delete_course_feedback ("Delete all feedback of this course") and delete_my_account, through
// PostgREST with real JWTs where an actor calls them.
//
// The fixed clocks lie in the past (2024–2025) and every course here has its class days before
// them: a purge at such a moment can only reach this file's rows, never another test's (every
// other course's last class day is later), so the counts it returns are this file's alone.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient, signInWithEmailCode, type SignedIn } from '../../testing/vitest.ts';
import {
  addTeamMember,
  createAuthUser,
  createCourse,
  createQuickSubmission,
  createSession,
  randomHash,
  removeTeamMember,
} from './fixtures.ts';

const TZ = 'America/Chicago';
const created: string[] = [];

afterEach(async () => {
  await db().query('delete from public.courses where id = any($1)', [created.splice(0)]);
});

interface Arranged {
  courseId: string;
  sessions: string[];
  submissions: string[];
}

/**
 * A course (Chicago) with class sessions on `days` (YYYY-MM-DD), one submission per entry of
 * `feedback` (on the session of its day, created at the given instant), a reply to each, and the
 * per-session rate-limit counters of each session. The counters' windows are real now, later than
 * every fixed clock here: only their tie to an expired course's session can delete them, not the
 * 48-hour clean-up (which, at these clocks, reaches only counters older than 2025).
 */
async function arrange(opts: { retention: number | null; days: string[]; feedback: { day: string; at: string }[] }): Promise<Arranged> {
  const owner = await createAuthUser();
  const courseId = (await createCourse(owner, { timezone: TZ })).id;
  created.push(courseId);
  await db().query('update public.courses set retention_days = $2 where id = $1', [courseId, opts.retention]);
  const sessions: Record<string, string> = {};
  for (const day of opts.days) {
    const { rows } = await db().query<{ id: string }>(
      `insert into public.class_sessions (course_id, session_date, expires_at, created_at)
       values ($1, $2::date, (($2::date + 1)::timestamp at time zone $3) - interval '1 millisecond', ($2::date)::timestamp at time zone $3)
       returning id`,
      [courseId, day, TZ],
    );
    sessions[day] = rows[0]!.id;
    for (const bucket of [`device:${rows[0]!.id}`, `ip:${rows[0]!.id}`]) {
      await db().query(
        `insert into public.rate_limit_buckets (bucket, key_hash, window_start, submission_count)
         values ($1, $2, now(), 1)`,
        [bucket, randomHash()],
      );
    }
  }
  const submissions: string[] = [];
  for (const f of opts.feedback) {
    const id = await createQuickSubmission(courseId, sessions[f.day]!, { created_at: f.at });
    await db().query(`insert into public.submission_replies (submission_id, body) values ($1, 'Thanks, noted.')`, [id]);
    submissions.push(id);
  }
  return { courseId, sessions: opts.days.map((d) => sessions[d]!), submissions };
}

/** What of `a` is still stored: submissions, replies, per-session counters, sessions. */
async function left(a: Arranged) {
  const { rows } = await db().query(
    `select
       (select count(*)::int from public.submissions where course_id = $1) as submissions,
       (select count(*)::int from public.submission_replies where submission_id = any($2)) as replies,
       (select count(*)::int from public.rate_limit_buckets r join public.class_sessions cs on r.bucket in ('device:' || cs.id, 'ip:' || cs.id)
         where cs.course_id = $1) as counters,
       (select count(*)::int from public.class_sessions where course_id = $1) as sessions`,
    [a.courseId, a.submissions],
  );
  return rows[0] as { submissions: number; replies: number; counters: number; sessions: number };
}

async function purge(at: string) {
  const { rows } = await db().query('select public.purge_expired_feedback($1::timestamptz) as r', [at]);
  return rows[0].r as { courses: number; submissions: number; replies: number; rateLimitRows: number };
}

describe('purge_expired_feedback', () => {
  it('deletes a course’s feedback only once its last class day is more than the setting behind it (180 days, across DST)', async () => {
    // Last class day Monday 3 June 2024 (CDT); it ends at midnight, Chicago time, on 4 June.
    // 180 calendar days later is 1 December 2024 00:00 CST = 06:00Z.
    const course = await arrange({
      retention: 180,
      days: ['2024-05-27', '2024-06-03'],
      feedback: [
        { day: '2024-05-27', at: '2024-05-27T17:00:00Z' },
        { day: '2024-06-03', at: '2024-06-03T17:00:00Z' },
      ],
    });
    const full = { submissions: 2, replies: 2, counters: 4, sessions: 2 };

    expect(await purge('2024-11-30T06:00:00Z')).toMatchObject({ courses: 0, submissions: 0, replies: 0 });
    expect(await left(course)).toEqual(full);
    // Exactly at the boundary: still kept.
    expect(await purge('2024-12-01T06:00:00Z')).toMatchObject({ courses: 0, submissions: 0, replies: 0 });
    expect(await left(course)).toEqual(full);
    // One second later: the feedback, its replies and the sessions' counters go; the sessions stay.
    expect(await purge('2024-12-01T06:00:01Z')).toEqual({ courses: 1, submissions: 2, replies: 2, rateLimitRows: 4 });
    expect(await left(course)).toEqual({ submissions: 0, replies: 0, counters: 0, sessions: 2 });
    // Nothing left to do.
    expect(await purge('2024-12-01T06:00:02Z')).toEqual({ courses: 0, submissions: 0, replies: 0, rateLimitRows: 0 });
  });

  it('leaves other settings, “never” and courses still being taught alone', async () => {
    // Every course's last class day but one is 10 January 2025; 30 days after its end is
    // 10 February 2025 06:00Z.
    const day = { day: '2025-01-10', at: '2025-01-10T18:00:00Z' };
    const thirty = await arrange({ retention: 30, days: ['2025-01-10'], feedback: [day, day] });
    const ninety = await arrange({ retention: 90, days: ['2025-01-10'], feedback: [day] });
    const never = await arrange({ retention: null, days: ['2025-01-10'], feedback: [day] });
    // Taught again on 5 February: its clock restarts, and its January feedback (31 days old) stays.
    const stillTaught = await arrange({
      retention: 30,
      days: ['2025-01-10', '2025-02-05'],
      feedback: [day, { day: '2025-02-05', at: '2025-02-05T18:00:00Z' }],
    });

    expect(await purge('2025-02-10T06:00:01Z')).toEqual({ courses: 1, submissions: 2, replies: 2, rateLimitRows: 2 });
    expect(await left(thirty)).toEqual({ submissions: 0, replies: 0, counters: 0, sessions: 1 });
    expect(await left(ninety)).toEqual({ submissions: 1, replies: 1, counters: 2, sessions: 1 });
    expect(await left(never)).toEqual({ submissions: 1, replies: 1, counters: 2, sessions: 1 });
    expect(await left(stillTaught)).toEqual({ submissions: 2, replies: 2, counters: 4, sessions: 2 });

    // 90 days after 11 January 2025 00:00 CST is 11 April 00:00 CDT = 05:00Z. By then the course
    // taught until 5 February has been quiet for more than 30 days: its feedback goes.
    expect(await purge('2025-04-11T05:00:00Z')).toMatchObject({ courses: 1, submissions: 2, replies: 2 });
    expect(await left(stillTaught)).toEqual({ submissions: 0, replies: 0, counters: 0, sessions: 2 });
    expect(await left(ninety)).toMatchObject({ submissions: 1 });
    expect(await purge('2025-04-11T05:00:01Z')).toEqual({ courses: 1, submissions: 1, replies: 1, rateLimitRows: 2 });
    expect(await left(ninety)).toEqual({ submissions: 0, replies: 0, counters: 0, sessions: 1 });
    expect(await left(never)).toEqual({ submissions: 1, replies: 1, counters: 2, sessions: 1 });
  });

  it('never deletes a submission younger than the setting, even in a course whose clock has run out', async () => {
    // The course expired on 10 February 2025 06:00Z, but two rows were written after its last class
    // day (back-filled): at 20 February 18:00Z one is exactly 30 days old, one a second older.
    const course = await arrange({
      retention: 30,
      days: ['2025-01-10'],
      feedback: [
        { day: '2025-01-10', at: '2025-01-21T18:00:00Z' },
        { day: '2025-01-10', at: '2025-01-21T17:59:59Z' },
        { day: '2025-01-10', at: '2025-01-10T18:00:00Z' },
      ],
    });
    const [exactly, olderBySecond, old] = course.submissions;
    expect(await purge('2025-02-20T18:00:00Z')).toMatchObject({ courses: 1, submissions: 2, replies: 2 });
    const { rows } = await db().query<{ id: string }>('select id from public.submissions where course_id = $1', [course.courseId]);
    expect(rows.map((r) => r.id)).toEqual([exactly]);
    expect([olderBySecond, old]).not.toContain(rows[0]!.id);
    // One second later it is more than 30 days old too.
    expect(await purge('2025-02-20T18:00:01Z')).toMatchObject({ submissions: 1, replies: 1 });
    expect(await left(course)).toMatchObject({ submissions: 0, replies: 0 });
  });

  it('prunes rate-limit counters older than 48 hours (by the earlier of `at` and now), whatever their bucket', async () => {
    const at = new Date('2024-03-01T12:00:00Z');
    const hoursBefore = (h: number) => new Date(at.getTime() - h * 3600_000).toISOString();
    const keys = { old: randomHash(), recent: randomHash() };
    await db().query(
      `insert into public.rate_limit_buckets (bucket, key_hash, window_start, submission_count)
       values ('ip-minute', $1, $2, 3), ('ip-minute', $3, $4, 3)`,
      [keys.old, hoursBefore(48 + 1 / 60), keys.recent, hoursBefore(47)],
    );
    const result = await purge(at.toISOString());
    expect(result.rateLimitRows).toBeGreaterThanOrEqual(1);
    const { rows } = await db().query<{ key_hash: string }>('select key_hash from public.rate_limit_buckets where key_hash = any($1)', [
      [keys.old, keys.recent],
    ]);
    expect(rows.map((r) => r.key_hash)).toEqual([keys.recent]);
    await db().query('delete from public.rate_limit_buckets where key_hash = $1', [keys.recent]);
  });

  it('may be called by the service role alone', async () => {
    const course = await arrange({ retention: 30, days: ['2023-05-01'], feedback: [{ day: '2023-05-01', at: '2023-05-01T15:00:00Z' }] });
    const [A] = await Promise.all([signInWithEmailCode()]);
    const anon = await anonClient().rpc('purge_expired_feedback', { at: '2023-07-01T00:00:00Z' });
    expect([anon.status, anon.error?.code]).toEqual([401, '42501']);
    const professor = await A.client.rpc('purge_expired_feedback', { at: '2023-07-01T00:00:00Z' });
    expect([professor.status, professor.error?.code]).toEqual([403, '42501']);
    expect(await left(course)).toMatchObject({ submissions: 1, replies: 1, counters: 2 });

    const service = await serviceClient().rpc('purge_expired_feedback', { at: '2023-07-01T00:00:00Z' });
    expect([service.status, service.error]).toEqual([200, null]);
    expect(service.data).toMatchObject({ courses: 1, submissions: 1, replies: 1 });
    expect(await left(course)).toEqual({ submissions: 0, replies: 0, counters: 0, sessions: 1 });
  });
});

describe('delete_course_feedback', () => {
  let owner: SignedIn;
  let coInstructor: SignedIn;
  let ta: SignedIn;
  let former: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    [owner, coInstructor, ta, former, other] = await Promise.all([
      signInWithEmailCode(),
      signInWithEmailCode(),
      signInWithEmailCode(),
      signInWithEmailCode(),
      signInWithEmailCode(),
    ]);
  });

  /** A course of `owner` with its team, yesterday's (ended) and today's (open) session, 3 submissions. */
  async function teamCourse() {
    const courseId = (await createCourse(owner.userId)).id;
    created.push(courseId);
    await addTeamMember(courseId, coInstructor.userId, 'co_instructor');
    await addTeamMember(courseId, ta.userId, 'ta');
    await addTeamMember(courseId, former.userId, 'ta');
    await removeTeamMember(courseId, former.userId);
    const yesterday = await createSession(courseId, { daysFromToday: -1, expired: true });
    const today = await createSession(courseId);
    const submissions = [
      await createQuickSubmission(courseId, yesterday.id),
      await createQuickSubmission(courseId, today.id),
      await createQuickSubmission(courseId, today.id),
    ];
    await db().query(`insert into public.submission_replies (submission_id, body) values ($1, 'Noted.')`, [submissions[0]]);
    await db().query(`insert into public.session_notes (session_id, body) values ($1, 'We slowed down.')`, [yesterday.id]);
    for (const s of [yesterday, today]) {
      await db().query(
        `insert into public.rate_limit_buckets (bucket, key_hash, window_start, submission_count) values ($1, $2, now(), 1)`,
        [`device:${s.id}`, randomHash()],
      );
    }
    return { courseId, yesterday: yesterday.id, today: today.id, submissions };
  }

  async function stored(c: Awaited<ReturnType<typeof teamCourse>>) {
    const { rows } = await db().query(
      `select
         (select count(*)::int from public.submissions where course_id = $1) as submissions,
         (select count(*)::int from public.submission_replies where submission_id = any($2)) as replies,
         (select count(*)::int from public.class_sessions where course_id = $1) as sessions,
         (select count(*)::int from public.session_notes where session_id = $3) as notes,
         (select count(*)::int from public.rate_limit_buckets where bucket = 'device:' || $3) as "endedCounters",
         (select count(*)::int from public.rate_limit_buckets where bucket = 'device:' || $4) as "openCounters"`,
      [c.courseId, c.submissions, c.yesterday, c.today],
    );
    return rows[0];
  }

  it('lets the owner and a co-instructor delete every submission of the course, with replies; sessions and notes stay', async () => {
    for (const caller of [owner, coInstructor]) {
      const course = await teamCourse();
      const { data, error, status } = await caller.client.rpc('delete_course_feedback', { course_id: course.courseId });
      expect([status, error, data]).toEqual([200, null, 3]);
      // Ended sessions' counters go; the open session's stay, so students' limits keep holding.
      expect(await stored(course)).toEqual({ submissions: 0, replies: 0, sessions: 2, notes: 1, endedCounters: 0, openCounters: 1 });
      const again = await caller.client.rpc('delete_course_feedback', { course_id: course.courseId });
      expect([again.status, again.data]).toEqual([200, 0]);
    }
  });

  it('refuses a TA, a former member, another professor, an unknown id (404) and anonymous visitors (401), deleting nothing', async () => {
    const course = await teamCourse();
    const before = await stored(course);
    for (const caller of [ta, former, other]) {
      const r = await caller.client.rpc('delete_course_feedback', { course_id: course.courseId });
      expect([r.status, r.error?.code, r.error?.message, r.data]).toEqual([404, 'PT404', 'Course not found', null]);
    }
    const unknown = await owner.client.rpc('delete_course_feedback', { course_id: randomUUID() });
    expect([unknown.status, unknown.error?.code]).toEqual([404, 'PT404']);
    const anon = await anonClient().rpc('delete_course_feedback', { course_id: course.courseId });
    expect([anon.status, anon.error?.code]).toEqual([401, '42501']);
    expect(await stored(course)).toEqual(before);
    expect(before).toMatchObject({ submissions: 3, replies: 1 });
  });
});

describe('delete_my_account', () => {
  it('deletes the caller, the courses they own and their memberships; their tokens read nothing and cannot refresh', async () => {
    const [leaving, colleague] = await Promise.all([signInWithEmailCode(), signInWithEmailCode()]);
    const owned = (await createCourse(leaving.userId)).id;
    const ownedSession = (await createSession(owned)).id;
    const ownedFeedback = await createQuickSubmission(owned, ownedSession);
    await addTeamMember(owned, colleague.userId, 'co_instructor');
    const theirs = (await createCourse(colleague.userId)).id;
    created.push(theirs);
    await addTeamMember(theirs, leaving.userId, 'ta');
    await db().query(`insert into public.course_invitations (course_id, email, role, invited_by) values ($1, $2, 'ta', $3)`, [
      theirs,
      `invitee-${randomUUID().slice(0, 8)}@example.edu`,
      leaving.userId,
    ]);

    // Before: the caller sees both courses (my_courses names the one that goes with the account).
    const mine = await leaving.client.rpc('my_courses');
    expect(new Map((mine.data as { id: string; role: string }[]).map((c) => [c.id, c.role]))).toEqual(
      new Map([
        [owned, 'owner'],
        [theirs, 'ta'],
      ]),
    );

    const refreshToken = (await leaving.client.auth.getSession()).data.session!.refresh_token;
    const anon = await anonClient().rpc('delete_my_account');
    expect([anon.status, anon.error?.code]).toEqual([401, '42501']);

    const { data, error, status } = await leaving.client.rpc('delete_my_account');
    expect([status, error, data]).toEqual([200, null, { ownedCourses: 1, memberships: 1 }]);

    const { rows } = await db().query(
      `select
         (select count(*)::int from auth.users where id = $1) as users,
         (select count(*)::int from auth.sessions where user_id = $1) as sessions,
         (select count(*)::int from public.courses where id = $2) as "ownedCourse",
         (select count(*)::int from public.submissions where id = $3) as "ownedFeedback",
         (select count(*)::int from public.course_members where user_id = $1 or course_id = $2) as memberships,
         (select count(*)::int from public.courses where id = $4) as "theirCourse",
         (select count(*)::int from public.course_invitations where course_id = $4 and invited_by is null) as "invitationsKept",
         (select count(*)::int from auth.users where id = $5) as "colleagueUser"`,
      [leaving.userId, owned, ownedFeedback, theirs, colleague.userId],
    );
    expect(rows[0]).toEqual({
      users: 0,
      sessions: 0,
      ownedCourse: 0,
      ownedFeedback: 0,
      memberships: 0,
      theirCourse: 1,
      invitationsKept: 1,
      colleagueUser: 1,
    });

    // The access token still verifies until it expires, but reads nothing…
    const after = await leaving.client.rpc('my_courses');
    expect([after.status, after.data]).toEqual([200, []]);
    const feedback = await leaving.client.from('submissions').select('id');
    expect([feedback.status, feedback.data]).toEqual([200, []]);
    // A second call finds no account.
    const twice = await leaving.client.rpc('delete_my_account');
    expect([twice.status, twice.error?.code]).toEqual([404, 'PT404']);
    // …its session cannot be refreshed, and auth no longer knows it (GoTrue's session_not_found,
    // which auth-js reports as a missing session).
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: refreshToken });
    expect([refreshed.data.session, refreshed.error?.status]).toEqual([null, 400]);
    const user = await leaving.client.auth.getUser();
    expect([user.data.user, user.error?.name]).toEqual([null, 'AuthSessionMissingError']);
    // The colleague still works on their own course.
    const colleagueCourses = await colleague.client.rpc('my_courses');
    expect((colleagueCourses.data as { id: string }[]).map((c) => c.id)).toEqual([theirs]);
  });
});
