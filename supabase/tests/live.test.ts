// live_session: the owner's live view of today's class session. Who may call it, what it sums
// up, the free text revealed only in batches of three with no time, the confusion alarm and its
// per-course settings, and the cursor that makes an unchanged poll cheap.
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { RUN_TIME_ZONE } from '../../testing/timeZone.ts';
import { anonClient, db, signInWithEmailCode, type SignedIn } from '../../testing/vitest.ts';
import { createAuthUser, createCourse, createQuickSubmission, createSession, createSessionSubmission, randomHash } from './fixtures.ts';
import { inRolledBackTransaction, professorWithCourse, type Tx } from './sql.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

type Live = { courseId: string; sessionId: string };

interface Response {
  kind?: 'quick' | 'session';
  /** Variant A difficulty. */
  level?: 'slightly' | 'very' | 'completely';
  /** Variant B clarity (1–7). */
  clarity?: number;
  text?: string;
  pace?: string;
  challenge?: string;
  confidence?: number;
  /** How long before the transaction's now() it was sent. */
  ago?: string;
  sessionId?: string;
}

/** Inserts one response; returns its id. */
async function respond(tx: Tx, live: Live, r: Response = {}): Promise<string> {
  const kind = r.kind ?? (r.clarity ? 'session' : 'quick');
  const [row] = await tx.arrange<{ id: string }>(
    kind === 'quick'
      ? `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at, updated_at)
         values ($1, $2, 'quick', $3, 'Recursion', $4, $5, now() - $6::interval, now() - $6::interval) returning id`
      : `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, mind_after_session, unclear_parts,
           went_well, pace, challenge_level, clarity_rating, confidence_level, created_at, updated_at)
         values ($1, $2, 'session', $3, 'Session feedback', 'Homework.', $4, 'The demo.', $7, $8, $5, $9,
           now() - $6::interval, now() - $6::interval) returning id`,
    kind === 'quick'
      ? [
          live.courseId,
          r.sessionId ?? live.sessionId,
          randomHash(),
          r.text ?? 'The base case is unclear.',
          r.level ?? 'very',
          r.ago ?? '0 seconds',
        ]
      : [
          live.courseId,
          r.sessionId ?? live.sessionId,
          randomHash(),
          r.text ?? 'Stack frames.',
          r.clarity ?? 5,
          r.ago ?? '0 seconds',
          r.pace ?? 'just_right',
          r.challenge ?? 'challenging_manageable',
          r.confidence ?? 50,
        ],
  );
  return row.id;
}

async function live(tx: Tx, userId: string, courseId: string, since?: string) {
  const [{ live_session: answer }] = await tx.as(userId, 'select public.live_session($1, $2)', [courseId, since ?? null]);
  return answer;
}

describe('live_session: only the owner', () => {
  let A: SignedIn;
  let B: SignedIn;
  beforeAll(async () => {
    [A, B] = await Promise.all([signInWithEmailCode(), signInWithEmailCode()]);
  });

  it('answers the owner; another professor and an unknown course get 404, anonymous callers 401', async () => {
    const courseId = (await createCourse(A.userId)).id;
    const sessionId = (await createSession(courseId, { topic: 'Arrays' })).id;
    await createQuickSubmission(courseId, sessionId);

    const own = await A.client.rpc('live_session', { course_id: courseId }, { get: true });
    expect([own.status, own.error]).toEqual([200, null]);
    expect(own.data).toMatchObject({ changed: true, responses: 1, session: { sessionId, topic: 'Arrays' } });

    for (const r of await Promise.all([
      B.client.rpc('live_session', { course_id: courseId }, { get: true }),
      A.client.rpc('live_session', { course_id: randomUUID() }, { get: true }),
      B.client.rpc('live_session', { course_id: courseId, since: own.data.cursor }),
    ])) {
      expect([r.status, r.error?.code, r.error?.message, r.data]).toEqual([404, 'PT404', 'Course not found', null]);
    }
    const anon = await anonClient().rpc('live_session', { course_id: courseId }, { get: true });
    expect([anon.status, anon.error?.code, anon.data]).toEqual([401, '42501', null]);
  });

  it('polls by cursor: the same cursor answers {changed: false}; a new response, an edit or a reply changes it', async () => {
    const courseId = (await createCourse(A.userId)).id;
    const sessionId = (await createSession(courseId)).id;
    const poll = async (since?: string) => {
      const r = await A.client.rpc('live_session', { course_id: courseId, ...(since ? { since } : {}) }, { get: true });
      expect(r.error).toBeNull();
      return r.data;
    };
    const first = await poll();
    expect(first).toMatchObject({ changed: true, responses: 0, texts: [], pendingTexts: 0, replies: {} });
    expect(first.cursor).toMatch(/^[0-9a-f]{32}$/);
    expect(await poll(first.cursor)).toEqual({ changed: false, cursor: first.cursor });
    expect(await poll(first.cursor)).toEqual({ changed: false, cursor: first.cursor });
    expect((await poll('not-the-cursor')).changed).toBe(true);

    const id = await createQuickSubmission(courseId, sessionId);
    const second = await poll(first.cursor);
    expect(second).toMatchObject({ changed: true, responses: 1 });
    expect(second.cursor).not.toBe(first.cursor);
    expect(await poll(second.cursor)).toEqual({ changed: false, cursor: second.cursor });

    // A student edits their response.
    await db().query(`update public.submissions set difficulty_level = 'completely' where id = $1`, [id]);
    const third = await poll(second.cursor);
    expect(third).toMatchObject({ changed: true, difficulty: { slightly: 0, very: 0, completely: 1 } });

    // The professor replies, then withdraws the reply.
    await A.client.rpc('reply_to_submission', { submission_id: id, body: 'On it.' });
    const fourth = await poll(third.cursor);
    expect(fourth.changed).toBe(true);
    expect(fourth.replies).toEqual({ [id]: { body: 'On it.', updatedAt: expect.any(String) } });
    await A.client.rpc('withdraw_reply', { submission_id: id });
    const fifth = await poll(fourth.cursor);
    expect([fifth.changed, fifth.replies]).toEqual([true, {}]);

    // The alarm settings and the session's topic are part of the answer too.
    await A.client.from('courses').update({ alarm_min_responses: 8 }).eq('id', courseId);
    const sixth = await poll(fifth.cursor);
    expect([sixth.changed, sixth.alarm.minResponses]).toEqual([true, 8]);
    await A.client.from('class_sessions').update({ topic: 'Trees' }).eq('id', sessionId);
    const seventh = await poll(sixth.cursor);
    expect([seventh.changed, seventh.session.topic]).toEqual([true, 'Trees']);
    expect(await poll(seventh.cursor)).toEqual({ changed: false, cursor: seventh.cursor });
  });

  it('changes the cursor when a response leaves the alarm window, with nothing written', async () => {
    const courseId = (await createCourse(A.userId)).id;
    const sessionId = (await createSession(courseId)).id;
    const id = await createSessionSubmission(courseId, sessionId, { clarity_rating: 1 });
    const before = (await A.client.rpc('live_session', { course_id: courseId })).data;
    expect(before.alarm).toMatchObject({ recent: 1, lost: 1 });
    // Time passes: the response is now 11 minutes old (moved back without firing the triggers,
    // so nothing but the clock has changed).
    const client = await db().connect();
    try {
      await client.query(`set session_replication_role = replica`);
      await client.query(`update public.submissions set created_at = created_at - interval '11 minutes' where id = $1`, [id]);
    } finally {
      await client.query(`reset session_replication_role`);
      client.release();
    }
    const after = (await A.client.rpc('live_session', { course_id: courseId, since: before.cursor })).data;
    expect(after.changed).toBe(true);
    expect(after.alarm).toMatchObject({ recent: 0, lost: 0, active: false });
    expect(after.responses).toBe(1);
  });

  it('lets the owner change the alarm settings through the course update, within their bounds', async () => {
    const courseId = (await createCourse(A.userId)).id;
    const own = await A.client
      .from('courses')
      .update({ alarm_window_minutes: 15, alarm_min_responses: 8, alarm_lost_share: 0.25 }, { count: 'exact' })
      .eq('id', courseId);
    expect([own.status, own.count]).toEqual([204, 1]);
    const mine = await A.client.rpc('my_courses');
    expect(mine.data.find((c: { id: string }) => c.id === courseId)).toMatchObject({
      alarm_window_minutes: 15,
      alarm_min_responses: 8,
      alarm_lost_share: 0.25,
    });
    const answer = (await A.client.rpc('live_session', { course_id: courseId })).data;
    expect(answer.alarm).toMatchObject({ windowMinutes: 15, minResponses: 8, threshold: 0.25 });

    for (const patch of [
      { alarm_window_minutes: 0 },
      { alarm_window_minutes: 121 },
      { alarm_min_responses: 0 },
      { alarm_lost_share: 0 },
      { alarm_lost_share: 1.5 },
    ]) {
      const r = await A.client.from('courses').update(patch).eq('id', courseId);
      expect([r.status, r.error?.code], JSON.stringify(patch)).toEqual([400, '23514']);
    }
    const byOther = await B.client.from('courses').update({ alarm_min_responses: 1 }, { count: 'exact' }).eq('id', courseId);
    expect(byOther.count).toBe(0);
    const byAnon = await anonClient().from('courses').update({ alarm_min_responses: 1 }).eq('id', courseId);
    expect(byAnon.status).toBe(401);
    // Like the time zone, the settings are not public.
    const peek = await anonClient().from('courses').select('alarm_min_responses').eq('id', courseId);
    expect(peek.error?.code).toBe('42501');
    const { rows } = await db().query(
      'select alarm_window_minutes, alarm_min_responses, alarm_lost_share::float8 as share from public.courses where id = $1',
      [courseId],
    );
    expect(rows[0]).toEqual({ alarm_window_minutes: 15, alarm_min_responses: 8, share: 0.25 });
    // A new course starts with the defaults.
    const fresh = (await A.client.rpc('live_session', { course_id: (await createCourse(A.userId)).id })).data;
    expect(fresh.alarm).toEqual({ active: false, recent: 0, lost: 0, share: 0, minResponses: 5, threshold: 0.3, windowMinutes: 10 });
  });
});

describe('live_session: what it sums up', () => {
  it('today’s session only: counts, means and distributions of both kinds', async () => {
    await inRolledBackTransaction(async (tx) => {
      const p = await professorWithCourse(tx, { topic: 'Recursion' });
      await respond(tx, p, { kind: 'quick', level: 'slightly' });
      await respond(tx, p, { kind: 'quick', level: 'completely' });
      await respond(tx, p, { kind: 'quick', level: 'completely' });
      await respond(tx, p, { clarity: 2, confidence: 20, pace: 'too_fast', challenge: 'far_too_hard' });
      await respond(tx, p, { clarity: 6, confidence: 75, pace: 'slightly_fast', challenge: 'slightly_hard' });
      await respond(tx, p, { clarity: 7, confidence: 100, pace: 'too_fast', challenge: 'challenging_manageable' });
      // Yesterday's session is not today's.
      const [yesterday] = await tx.arrange<{ id: string }>(
        `insert into public.class_sessions (course_id, session_date, expires_at)
         values ($1, $2::date - 1, now() - interval '1 hour') returning id`,
        [p.courseId, p.sessionDate],
      );
      await respond(tx, { ...p, sessionId: yesterday.id }, { kind: 'quick', level: 'completely', ago: '20 hours' });

      const answer = await live(tx, p.userId, p.courseId);
      expect(answer).toMatchObject({
        changed: true,
        session: { sessionId: p.sessionId, sessionDate: p.sessionDate, topic: 'Recursion', isActive: true },
        responses: 6,
        quickCount: 3,
        sessionCount: 3,
        meanClarity: 5,
        meanConfidence: 65,
        pace: { too_slow: 0, slightly_slow: 0, just_right: 0, slightly_fast: 1, too_fast: 2 },
        challenge: { far_too_easy: 0, slightly_easy: 0, challenging_manageable: 1, slightly_hard: 1, far_too_hard: 1 },
        difficulty: { slightly: 1, very: 0, completely: 2 },
        alarm: { active: true, recent: 6, lost: 3, share: 0.5 },
      });
      expect(Object.keys(answer).sort()).toEqual([
        'alarm',
        'challenge',
        'changed',
        'cursor',
        'difficulty',
        'meanClarity',
        'meanConfidence',
        'pace',
        'pendingTexts',
        'quickCount',
        'replies',
        'responses',
        'session',
        'sessionCount',
        'texts',
      ]);
      expect(Object.keys(answer.session).sort()).toEqual(['expiresAt', 'isActive', 'sessionDate', 'sessionId', 'topic']);
    });
  });

  it('no session today: session null, nothing counted', async () => {
    await inRolledBackTransaction(async (tx) => {
      const p = await professorWithCourse(tx, { topic: 'Recursion' });
      await tx.arrange(`update public.class_sessions set session_date = session_date - 1 where id = $1`, [p.sessionId]);
      await respond(tx, p, { kind: 'quick', level: 'completely' });
      const answer = await live(tx, p.userId, p.courseId);
      expect(answer).toMatchObject({
        changed: true,
        session: null,
        responses: 0,
        quickCount: 0,
        sessionCount: 0,
        meanClarity: null,
        meanConfidence: null,
        texts: [],
        pendingTexts: 0,
        replies: {},
        alarm: { active: false, recent: 0, lost: 0, share: 0 },
      });
    });
  });
});

describe('live_session: free text in batches of three, with no time', () => {
  it('reveals the texts only in whole batches of three, in arrival order by batch, shuffled inside one', async () => {
    await inRolledBackTransaction(async (tx) => {
      const p = await professorWithCourse(tx, { topic: 'Recursion' });
      const ids: string[] = [];
      const times: string[] = [];
      const add = async (i: number, r: Response) => {
        const id = await respond(tx, p, { ago: `${60 - i} seconds`, text: `Text number ${i} is unclear.`, ...r });
        ids.push(id);
        const [row] = await tx.arrange<{ created_at: Date }>('select created_at from public.submissions where id = $1', [id]);
        times.push(row.created_at.toISOString().slice(0, 19));
      };
      const texts = async () => {
        const answer = await live(tx, p.userId, p.courseId);
        return { answer, batches: answer.texts as { batch: number; items: { id: string; kind: string; text: string }[] }[] };
      };

      await add(1, { kind: 'quick' });
      await add(2, { clarity: 3 });
      let { answer, batches } = await texts();
      expect([batches, answer.pendingTexts]).toEqual([[], 2]);

      await add(3, { kind: 'quick' });
      ({ answer, batches } = await texts());
      expect(answer.pendingTexts).toBe(0);
      expect(batches).toHaveLength(1);
      expect(batches[0].batch).toBe(0);
      expect(batches[0].items.map((i) => i.id).sort()).toEqual(ids.slice(0, 3).sort());
      // Inside a batch the order is a hash of the id's, never the arrival.
      expect(batches[0].items.map((i) => i.id)).toEqual([...ids.slice(0, 3)].sort((a, b) => md5(a).localeCompare(md5(b))));
      expect(batches[0].items.find((i) => i.id === ids[1])).toEqual({ id: ids[1], kind: 'session', text: 'Text number 2 is unclear.' });
      for (const item of batches[0].items) expect(Object.keys(item).sort()).toEqual(['id', 'kind', 'text']);

      // A blank Variant A text is not shown and does not count towards a batch.
      const [blank] = await tx.arrange<{ id: string }>(
        `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at)
         values ($1, $2, 'quick', $3, 'Recursion', '            ', 'very', now() - interval '30 seconds') returning id`,
        [p.courseId, p.sessionId, randomHash()],
      );
      await add(4, { clarity: 1 });
      await add(5, { kind: 'quick' });
      ({ answer, batches } = await texts());
      expect([batches.length, answer.pendingTexts, answer.responses]).toEqual([1, 2, 6]);

      await add(6, { clarity: 6 });
      ({ answer, batches } = await texts());
      expect(answer.pendingTexts).toBe(0);
      expect(batches.map((b) => b.batch)).toEqual([0, 1]);
      expect(batches[1].items.map((i) => i.id).sort()).toEqual(ids.slice(3, 6).sort());
      const shown = batches.flatMap((b) => b.items.map((i) => i.id));
      expect(shown).not.toContain(blank.id);

      // No time of any response anywhere in the answer.
      const json = JSON.stringify(answer);
      for (const t of times) expect(json).not.toContain(t);
      expect(json).not.toMatch(/createdAt|updatedAt|created_at|updated_at/);
    });
  });
});

describe('live_session: the confusion alarm', () => {
  it('goes on at 5 recent responses with ≥ 30 % completely lost, and off when newer clear ones push the share under', async () => {
    await inRolledBackTransaction(async (tx) => {
      const p = await professorWithCourse(tx, { topic: 'Recursion' });
      const alarm = async () => (await live(tx, p.userId, p.courseId)).alarm;
      // Lost: Variant A 'completely' or Variant B clarity 1–2.
      await respond(tx, p, { kind: 'quick', level: 'completely', ago: '9 minutes' });
      await respond(tx, p, { clarity: 2, ago: '8 minutes' });
      await respond(tx, p, { clarity: 3, ago: '7 minutes' });
      await respond(tx, p, { kind: 'quick', level: 'very', ago: '6 minutes' });
      // Older than the 10-minute window: not counted, even lost.
      await respond(tx, p, { kind: 'quick', level: 'completely', ago: '10 minutes' });
      await respond(tx, p, { clarity: 1, ago: '50 minutes' });
      expect(await alarm()).toEqual({ active: false, recent: 4, lost: 2, share: 0.5, minResponses: 5, threshold: 0.3, windowMinutes: 10 });

      await respond(tx, p, { clarity: 7, ago: '5 minutes' });
      expect(await alarm()).toMatchObject({ active: true, recent: 5, lost: 2, share: 0.4 });
      await respond(tx, p, { clarity: 5, ago: '4 minutes' });
      expect(await alarm()).toMatchObject({ active: true, recent: 6, lost: 2, share: 0.333 });
      await respond(tx, p, { kind: 'quick', level: 'slightly', ago: '3 minutes' });
      expect(await alarm()).toMatchObject({ active: false, recent: 7, lost: 2, share: 0.286 });

      // Exactly the threshold is enough: 3 of 10.
      await respond(tx, p, { clarity: 1, ago: '2 minutes' });
      await respond(tx, p, { clarity: 6, ago: '1 minute' });
      await respond(tx, p, { clarity: 6, ago: '0 seconds' });
      expect(await alarm()).toMatchObject({ active: true, recent: 10, lost: 3, share: 0.3 });

      // The course's own settings.
      await tx.arrange('update public.courses set alarm_min_responses = 11 where id = $1', [p.courseId]);
      expect(await alarm()).toMatchObject({ active: false, recent: 10, minResponses: 11 });
      await tx.arrange('update public.courses set alarm_min_responses = 5, alarm_lost_share = 0.35 where id = $1', [p.courseId]);
      expect(await alarm()).toMatchObject({ active: false, threshold: 0.35 });
      await tx.arrange('update public.courses set alarm_lost_share = 0.3, alarm_window_minutes = 60 where id = $1', [p.courseId]);
      // 60 minutes: the two old lost ones count now (5 of 12).
      expect(await alarm()).toMatchObject({ active: true, recent: 12, lost: 5, windowMinutes: 60 });
    });
  });
});

describe('live_session: an unchanged poll reads indexes only', () => {
  // Committed (and vacuumed, as autovacuum would have done by the time a class has been going for
  // a while), so the planner sees the visibility map a live table has; deleted afterwards.
  it('at 20,000 submissions the cursor comes from the session indexes, never a scan of submissions', async () => {
    const owner = await createAuthUser();
    const courseId = (await createCourse(owner)).id;
    try {
      await db().query(
        `insert into public.class_sessions (course_id, session_date, expires_at)
         select $1, (now() at time zone $2)::date - g, now() + interval '1 day' - make_interval(days => g)
         from generate_series(0, 99) g`,
        [courseId, RUN_TIME_ZONE],
      );
      await db().query(
        `with s as (select array_agg(id order by session_date) as ids, count(*)::int as n from public.class_sessions where course_id = $1)
         insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at)
         select $1, s.ids[1 + g % s.n], 'quick', md5(g::text) || md5((g + 1)::text), 'Topic', 'Something unclear number ' || g,
                (array['slightly','very','completely'])[1 + g % 3], now() - make_interval(secs => g)
         from generate_series(1, 20000) g, s`,
        [courseId],
      );
      await db().query(
        `insert into public.submission_replies (submission_id, body)
         select id, 'Reply ' || id from public.submissions where course_id = $1 order by id limit 2000`,
        [courseId],
      );
      await db().query('vacuum analyze public.submissions, public.submission_replies, public.class_sessions');

      await inRolledBackTransaction(
        async (tx) => {
          const { cursor, responses } = await live(tx, owner, courseId);
          expect(responses).toBe(200);
          await tx.arrange(`load 'auto_explain'`);
          await tx.arrange(`set local auto_explain.log_min_duration = 0`);
          await tx.arrange(`set local auto_explain.log_nested_statements = on`);
          await tx.arrange(`set local auto_explain.log_level = 'notice'`);
          await tx.arrange(`set local client_min_messages = 'notice'`);
          tx.notices.length = 0;
          expect(await live(tx, owner, courseId, cursor)).toEqual({ changed: false, cursor });
          const plans = tx.notices.join('\n');
          expect(plans).toMatch(/Index Only Scan using submissions_session_live_idx/);
          expect(plans).toMatch(/Index Only Scan using submission_replies_session_idx/);
          expect(plans).not.toMatch(/Seq Scan on (submissions|submission_replies)/);
          // As the superuser: `load 'auto_explain'` is refused to postgres, here as on hosted Supabase.
        },
        { superuser: true },
      );
    } finally {
      await db().query('delete from public.courses where id = $1', [courseId]);
    }
  }, 120_000);
});
