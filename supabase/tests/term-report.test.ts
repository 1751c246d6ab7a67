// The term report (term_report): a course's term for its teaching team, under the dashboard's
// moderation and small-class rules, with the notes and the alarm's peaks; refused to anyone else.
import { describe, expect, it } from 'vitest';
import { db } from '../../testing/vitest.ts';
import { createAuthUser, createCourse, createSession, createSessionSubmission } from './fixtures.ts';
import { arrangeUser, inRolledBackTransaction, professorWithCourse, type Tx } from './sql.ts';

interface Report {
  from: string;
  to: string;
  minResponses: number;
  sessions: {
    sessionDate: string;
    count: number;
    sessionFeedbackCount: number;
    protected: boolean;
    meanClarity: number | null;
    meanConfidence: number | null;
    pace: Record<string, number> | null;
    challenge: Record<string, number> | null;
  }[];
  weeks: { weekStart: string; confusions: { text: string; students: number }[] }[];
  notes: { body: string; sessionDate: string; checkQuestion: string | null; figures: unknown }[];
  alarmPeaks: { sessionDate: string; recent: number; lost: number; share: number; startAt: string; endAt: string }[];
}

/** A session `days` days before today's (in the course's zone). */
async function session(tx: Tx, courseId: string, days: number, topic: string) {
  const [s] = await tx.arrange<{ id: string; session_date: string }>(
    `insert into public.class_sessions (course_id, session_date, expires_at, is_active, topic)
     select $1, d.session_date - $2::int, d.expires_at - make_interval(days => $2::int), $2 = 0, $3
     from public.courses c, private.class_day(c.timezone, now()) d where c.id = $1
     returning id, session_date::text`,
    [courseId, days, topic],
  );
  return s;
}

async function feedback(
  tx: Tx,
  courseId: string,
  sessionId: string,
  row: { clarity: number; text: string; hidden?: boolean; reviewed?: boolean; minutesAgo?: number },
) {
  await tx.arrange(
    `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, mind_after_session,
       unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level, created_at, hidden_at, reviewed_at)
     values ($1, $2, 'session', md5(random()::text) || md5(random()::text), 'Session feedback', 'Homework.', $3, 'Examples.',
       'just_right', 'slightly_hard', $4, 60, now() - make_interval(mins => $5::int),
       case when $6 then now() end, case when $7 then now() end)`,
    [courseId, sessionId, row.text, row.clarity, row.minutesAgo ?? 0, row.hidden ?? false, row.reviewed ?? true],
  );
}

async function report(tx: Tx, userId: string | null, courseId: string, from: string | null = null, to: string | null = null) {
  const [row] = await tx.as<{ r: Report }>(userId, 'select public.term_report($1, $2, $3) as r', [courseId, from, to]);
  return row.r;
}

/** The fixture: review before publishing, k = 3, an alarm of 3 responses at half lost in 10 minutes. */
async function fixture(tx: Tx) {
  const p = await professorWithCourse(tx, { topic: 'Today' });
  await tx.arrange(
    `update public.courses set review_before_publishing = true, min_public_responses = 3,
       alarm_window_minutes = 10, alarm_min_responses = 3, alarm_lost_share = 0.5 where id = $1`,
    [p.courseId],
  );
  const early = await session(tx, p.courseId, 14, 'Pointers');
  await feedback(tx, p.courseId, early.id, { clarity: 6, text: 'Pointer arithmetic' });
  await feedback(tx, p.courseId, early.id, { clarity: 4, text: 'Pointer arithmetic again' });
  await feedback(tx, p.courseId, early.id, { clarity: 5, text: 'A hidden insult', hidden: true });
  await feedback(tx, p.courseId, early.id, { clarity: 1, text: 'Not yet reviewed text', reviewed: false });
  const small = await session(tx, p.courseId, 7, 'Small');
  await feedback(tx, p.courseId, small.id, { clarity: 2, text: 'Only two of us here' });
  await feedback(tx, p.courseId, small.id, { clarity: 3, text: 'Second of two' });
  // Today: three lost within ten minutes (clarity 1–2 is "completely" lost), then two fine an hour later.
  for (const minutesAgo of [70, 68, 66]) await feedback(tx, p.courseId, p.sessionId, { clarity: 1, text: 'Lost in recursion', minutesAgo });
  for (const minutesAgo of [5, 4]) await feedback(tx, p.courseId, p.sessionId, { clarity: 7, text: 'Fine now', minutesAgo });
  await tx.arrange(`insert into public.session_notes (session_id, body) values ($1, 'We redid pointer arithmetic slowly.')`, [early.id]);
  return { ...p, early, small };
}

describe('term_report', () => {
  it('gives the term under the dashboard’s rules: counts of all, means only from k, no hidden or unreviewed texts', async () => {
    await inRolledBackTransaction(async (tx) => {
      const f = await fixture(tx);
      const r = await report(tx, f.userId, f.courseId);
      expect([r.from, r.to, r.minResponses]).toEqual([f.early.session_date, f.sessionDate, 3]);
      expect(r.sessions.map((s) => [s.sessionDate, s.count, s.protected])).toEqual([
        [f.early.session_date, 4, false],
        [f.small.session_date, 2, true],
        [f.sessionDate, 5, false],
      ]);
      // The dashboard's means count every response (hidden and unreviewed too), like session_insights.
      expect(r.sessions[0]).toMatchObject({ meanClarity: 4, meanConfidence: 60, sessionFeedbackCount: 4 });
      expect(r.sessions[0].pace).toMatchObject({ just_right: 4 });
      expect(r.sessions[0].challenge).toMatchObject({ slightly_hard: 4 });
      // Below the minimum: counts stay, the rest is null.
      expect(r.sessions[1]).toMatchObject({ meanClarity: null, meanConfidence: null, pace: null, challenge: null });

      const texts = r.weeks.flatMap((w) => w.confusions.map((c) => c.text));
      expect(texts).toEqual(expect.arrayContaining(['Pointer arithmetic', 'Pointer arithmetic again', 'Lost in recursion']));
      expect(texts).not.toContain('A hidden insult');
      expect(texts).not.toContain('Not yet reviewed text');
      expect(texts).not.toContain('Only two of us here');
      expect(texts).not.toContain('Second of two');
      for (const w of r.weeks) expect(w.confusions.length).toBeLessThanOrEqual(3);

      expect(r.notes).toEqual([
        expect.objectContaining({ body: 'We redid pointer arithmetic slowly.', sessionDate: f.early.session_date, figures: null }),
      ]);

      // One peak today: the three lost responses (3 of 3); the later fine ones end it.
      expect(r.alarmPeaks).toHaveLength(1);
      expect(r.alarmPeaks[0]).toMatchObject({ sessionDate: f.sessionDate, recent: 3, lost: 3, share: 1 });
      expect(new Date(r.alarmPeaks[0].endAt).getTime() - new Date(r.alarmPeaks[0].startAt).getTime()).toBe(10 * 60_000);
    });
  });

  it('takes a date range, and refuses a reversed one', async () => {
    await inRolledBackTransaction(async (tx) => {
      const f = await fixture(tx);
      const r = await report(tx, f.userId, f.courseId, f.small.session_date, f.sessionDate);
      expect(r.sessions.map((s) => s.sessionDate)).toEqual([f.small.session_date, f.sessionDate]);
      expect(r.notes).toEqual([]);
      await expect(report(tx, f.userId, f.courseId, f.sessionDate, f.early.session_date)).rejects.toMatchObject({ code: '22023' });
    });
  });

  it('is the whole team’s, and refused (404) to anyone else, anonymous callers included', async () => {
    await inRolledBackTransaction(async (tx) => {
      const f = await fixture(tx);
      const [ta, stranger] = [await arrangeUser(tx), await arrangeUser(tx)];
      await tx.arrange(
        `insert into public.course_members (course_id, user_id, role, email) values ($1, $2, 'ta', 'ta-report@example.edu')`,
        [f.courseId, ta],
      );
      expect((await report(tx, ta, f.courseId)).sessions).toHaveLength(3);
      await expect(report(tx, stranger, f.courseId)).rejects.toMatchObject({ code: 'PT404' });
      await expect(report(tx, stranger, '00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ code: 'PT404' });
      await expect(report(tx, null, f.courseId)).rejects.toMatchObject({ code: '42501' });
    });
  });

  it('reads the same from the sessions’ roll-ups, and any change to what one sums drops it', async () => {
    await inRolledBackTransaction(async (tx) => {
      const f = await fixture(tx);
      // Today's session ended ten minutes ago, so all three may be rolled up; a "me too" reorders texts.
      await tx.arrange(`update public.class_sessions set expires_at = now() - interval '10 minutes' where id = $1`, [f.sessionId]);
      await tx.arrange(
        `insert into public.me_too (submission_id, device_hash)
         select id, md5(random()::text) || md5(random()::text) from public.submissions where unclear_parts = 'Pointer arithmetic again'`,
      );
      const rollUp = async () => (await tx.arrange<{ n: number }>('select private.roll_up_sessions(100, $1) as n', [f.courseId]))[0].n;
      const rolledUp = async () =>
        (
          await tx.arrange<{ n: number }>(
            `select count(*)::int as n from private.session_rollups r join public.class_sessions cs on cs.id = r.session_id
             where cs.course_id = $1`,
            [f.courseId],
          )
        )[0].n;

      // The live view placed the texts in confusion groups during class: the report reads the groups.
      await tx.arrange('select private.place_confusion_texts(id) from public.class_sessions where course_id = $1', [f.courseId]);
      const live = await report(tx, f.userId, f.courseId);
      expect(await rollUp()).toBe(3);
      expect(await rolledUp()).toBe(3);
      const rolled = await report(tx, f.userId, f.courseId);
      expect(rolled).toEqual(live);
      expect(rolled.weeks.flatMap((w) => w.confusions.map((c) => [c.text, c.students]))).toEqual(
        // One group: "Pointer arithmetic again" (its writer and a "me too") and "Pointer arithmetic".
        expect.arrayContaining([['Pointer arithmetic again', 3]]),
      );
      expect(rolled.alarmPeaks).toHaveLength(1);

      // Hiding a text drops its session's roll-up; the report leaves the text out at once.
      await tx.arrange(`update public.submissions set hidden_at = now() where unclear_parts = 'Pointer arithmetic again'`);
      expect(await rolledUp()).toBe(2);
      const hidden = await report(tx, f.userId, f.courseId);
      expect(hidden.weeks.flatMap((w) => w.confusions.map((c) => c.text))).not.toContain('Pointer arithmetic again');
      expect(await rollUp()).toBe(1);
      expect(await report(tx, f.userId, f.courseId)).toEqual(hidden);

      // A "me too" drops it too; so do the course's alarm settings, for every session of the course.
      await tx.arrange(
        `insert into public.me_too (submission_id, device_hash)
         select id, md5(random()::text) || md5(random()::text) from public.submissions where unclear_parts = 'Second of two'`,
      );
      expect(await rolledUp()).toBe(2);
      await tx.arrange('update public.courses set alarm_lost_share = 0.9 where id = $1', [f.courseId]);
      expect(await rolledUp()).toBe(0);
      expect(await rollUp()).toBe(3);

      // The small-class minimum is applied as the report is read: the roll-ups stay.
      await tx.arrange('update public.courses set min_public_responses = 5 where id = $1', [f.courseId]);
      expect(await rolledUp()).toBe(3);
      const stricter = await report(tx, f.userId, f.courseId);
      expect(stricter.sessions.map((s) => s.protected)).toEqual([true, true, false]);
      // Only today's session (five responses) still shows texts: its two groups, most shared first.
      const todays = stricter.weeks.flatMap((w) => w.confusions.map((c) => [c.text, c.students]));
      expect(todays).toEqual([
        ['Lost in recursion', 3],
        ['Fine now', 2],
      ]);
      await tx.arrange(
        `delete from private.session_rollups r using public.class_sessions cs
        where cs.id = r.session_id and cs.course_id = $1`,
        [f.courseId],
      );
      expect(await report(tx, f.userId, f.courseId)).toEqual(stricter);
    });
  });
});

describe('session roll-ups and changes at the same time', () => {
  /** A course with one session that ended yesterday, with one text; its ids. */
  async function endedSession() {
    const course = await createCourse(await createAuthUser());
    const session = await createSession(course.id, { daysFromToday: -1 });
    const submission = await createSessionSubmission(course.id, session.id, { unclear_parts: 'Closures' });
    return { courseId: course.id, sessionId: session.id, submission };
  }
  const rolledTexts = async (sessionId: string) =>
    (await db().query<{ texts: string[] }>('select text_bodies as texts from private.session_rollups where session_id = $1', [sessionId]))
      .rows[0]?.texts ?? null;

  it('a change made while a run holds the session waits for it, then drops what it wrote', async () => {
    const f = await endedSession();
    const run = await db().connect();
    const change = await db().connect();
    try {
      await run.query('begin');
      expect((await run.query('select private.roll_up_sessions(10, $1) as n', [f.courseId])).rows[0].n).toBe(1);
      const pid = (await change.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      const hiding = change.query('update public.submissions set hidden_at = now() where id = $1', [f.submission]);
      // The change waits on the session's row lock until the run ends.
      await expect
        .poll(
          async () => (await db().query('select 1 from pg_stat_activity where pid = $1 and wait_event_type = $2', [pid, 'Lock'])).rowCount,
          {
            timeout: 10_000,
          },
        )
        .toBe(1);
      await run.query('commit');
      await hiding;
      expect(await rolledTexts(f.sessionId)).toBeNull();
      await db().query('select private.roll_up_sessions(10, $1)', [f.courseId]);
      expect(await rolledTexts(f.sessionId)).toEqual([]);
    } finally {
      await run.query('rollback').catch(() => {});
      run.release();
      change.release();
      await db().query('delete from public.courses where id = $1', [f.courseId]);
    }
  });

  it('a run skips a session a change holds, and rolls it up on its next run', async () => {
    const f = await endedSession();
    const change = await db().connect();
    try {
      await change.query('begin');
      await change.query('update public.submissions set hidden_at = now() where id = $1', [f.submission]);
      expect((await db().query('select private.roll_up_sessions(10, $1) as n', [f.courseId])).rows[0].n).toBe(0);
      await change.query('commit');
      expect((await db().query('select private.roll_up_sessions(10, $1) as n', [f.courseId])).rows[0].n).toBe(1);
      expect(await rolledTexts(f.sessionId)).toEqual([]);
    } finally {
      await change.query('rollback').catch(() => {});
      change.release();
      await db().query('delete from public.courses where id = $1', [f.courseId]);
    }
  });
});
