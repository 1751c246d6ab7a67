// "Me too": what students may see of each other's confusion (peer_confusion), saying and taking
// back "me too" (set_me_too: refusals, limits, a concurrent burst), the teaching team's shared
// confusion in groups (shared_confusion; the groups themselves: confusion-groups.test.ts), and what
// the rate-limit clean-up leaves.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, signInWithEmailCode, type SignedIn } from '../../testing/vitest.ts';
import { createCourse, createQuickSubmission, createSession, randomHash } from './fixtures.ts';

interface MeTooCall {
  courseId: string;
  session: string;
  submissionId: string;
  on?: boolean;
  deviceKey?: string | null;
  ipKey?: string | null;
  ownTokenHash?: string | null;
  limits?: Record<string, number>;
}

/** set_me_too as the submissions function calls it; the answer, or the database error. */
async function meToo(call: MeTooCall) {
  const { rows } = await db().query(`select public.set_me_too($1, $2, $3, $4, $5, $6, $7, $8::jsonb) as r`, [
    call.courseId,
    call.session,
    call.submissionId,
    call.on ?? true,
    call.deviceKey === undefined ? randomHash() : call.deviceKey,
    call.ipKey ?? null,
    call.ownTokenHash ?? null,
    JSON.stringify(call.limits ?? {}),
  ]);
  return rows[0].r as { submissionId: string; meToo: boolean; meToos: number };
}

async function refusal(call: MeTooCall) {
  try {
    await meToo(call);
  } catch (error) {
    const { code, message, detail } = error as { code: string; message: string; detail?: string };
    return { code, message, detail };
  }
  throw new Error('set_me_too was not refused');
}

async function peer(courseId: string, session: string, deviceKey: string | null = null, ownTokenHash: string | null = null) {
  const { rows } = await db().query('select public.peer_confusion($1, $2, $3, $4) as r', [courseId, session, deviceKey, ownTokenHash]);
  return rows[0].r as {
    enabled: boolean;
    sessionId: string | null;
    items: { id: string; text: string; meToos: number; meToo: boolean; own: boolean }[];
  };
}

const meTooRows = async (submissionId: string) =>
  Number((await db().query('select count(*) from public.me_too where submission_id = $1', [submissionId])).rows[0].count);

let A: SignedIn;
beforeAll(async () => {
  A = await signInWithEmailCode();
});

/** A course of A with the setting on (unless told) and today's open session. */
async function sharingCourse(opts: { peer?: boolean; min?: number; review?: boolean } = {}) {
  const course = await createCourse(A.userId);
  await db().query(
    'update public.courses set peer_confusion = $2, min_public_responses = $3, review_before_publishing = $4 where id = $1',
    [course.id, opts.peer ?? true, opts.min ?? 3, opts.review ?? false],
  );
  const session = await createSession(course.id);
  return { courseId: course.id, sessionId: session.id, sessionDate: session.session_date };
}

/** A Variant A text with a known edit token; its id and token hash. */
async function text(courseId: string, sessionId: string, confusion: string, topic = 'Recursion') {
  const tokenHash = randomHash();
  const { rows } = await db().query<{ id: string }>(
    `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level)
     values ($1, $2, 'quick', $3, $5, $4, 'very') returning id`,
    [courseId, sessionId, tokenHash, confusion, topic],
  );
  return { id: rows[0].id, tokenHash };
}

describe('peer_confusion: what students see of each other', () => {
  it('is empty while the course setting is off', async () => {
    const c = await sharingCourse({ peer: false });
    for (let i = 0; i < 3; i++) await createQuickSubmission(c.courseId, c.sessionId);
    expect(await peer(c.courseId, c.sessionId)).toEqual({ enabled: false, sessionId: null, items: [] });
  });

  it('shows texts only from the minimum, in whole batches of three, without hidden or unreviewed ones and without times', async () => {
    const c = await sharingCourse({ min: 4 });
    const first = await text(c.courseId, c.sessionId, 'Why does the base case stop it?');
    await text(c.courseId, c.sessionId, 'Stack frames.');
    await text(c.courseId, c.sessionId, 'Tail calls.');
    // Three responses, minimum four: nothing yet, by id or by today's date.
    expect((await peer(c.courseId, c.sessionId)).items).toEqual([]);
    expect((await peer(c.courseId, c.sessionDate)).items).toEqual([]);

    await text(c.courseId, c.sessionId, 'Memoisation.');
    const shown = await peer(c.courseId, c.sessionDate);
    expect(shown.sessionId).toBe(c.sessionId);
    // Four texts: the first batch of three is revealed, the fourth waits for its batch.
    expect(shown.items.map((i) => i.text).sort()).toEqual(['Stack frames.', 'Tail calls.', 'Why does the base case stop it?']);
    for (const item of shown.items) expect(Object.keys(item).sort()).toEqual(['id', 'meToo', 'meToos', 'own', 'text']);

    await db().query('update public.submissions set hidden_at = now() where id = $1', [first.id]);
    expect((await peer(c.courseId, c.sessionId)).items.map((i) => i.text).sort()).toEqual(['Stack frames.', 'Tail calls.']);

    await db().query('update public.courses set review_before_publishing = true where id = $1', [c.courseId]);
    expect((await peer(c.courseId, c.sessionId)).items).toEqual([]);
    await db().query(`update public.submissions set reviewed_at = now() where class_session_id = $1 and confusion = 'Tail calls.'`, [
      c.sessionId,
    ]);
    expect((await peer(c.courseId, c.sessionId)).items.map((i) => i.text)).toEqual(['Tail calls.']);
  });

  it('counts "me too"s, says which this device said and which text is its own', async () => {
    const c = await sharingCourse();
    const a = await text(c.courseId, c.sessionId, 'Recursion depth.');
    const b = await text(c.courseId, c.sessionId, 'Big O notation.');
    await text(c.courseId, c.sessionId, 'Git branches.');
    const device = randomHash();
    await meToo({ ...c, session: c.sessionId, submissionId: b.id, deviceKey: device });
    await meToo({ ...c, session: c.sessionId, submissionId: b.id });
    await meToo({ ...c, session: c.sessionId, submissionId: a.id });
    const view = await peer(c.courseId, c.sessionId, device, a.tokenHash);
    // Most shared first.
    expect(view.items[0]).toEqual({ id: b.id, text: 'Big O notation.', meToos: 2, meToo: true, own: false });
    expect(view.items[1]).toEqual({ id: a.id, text: 'Recursion depth.', meToos: 1, meToo: false, own: true });
    expect(view.items[2]).toMatchObject({ text: 'Git branches.', meToos: 0, meToo: false, own: false });
  });
});

describe('set_me_too', () => {
  it('says "me too" once per device; saying it again changes nothing; taking it back removes it', async () => {
    const c = await sharingCourse();
    const { id } = await text(c.courseId, c.sessionId, 'Pointers and arrays.');
    await text(c.courseId, c.sessionId, 'References and values.');
    await text(c.courseId, c.sessionId, 'Lifetimes of variables.');
    const device = randomHash();
    const call = { courseId: c.courseId, session: c.sessionDate, submissionId: id, deviceKey: device };
    expect(await meToo(call)).toEqual({ submissionId: id, meToo: true, meToos: 1 });
    expect(await meToo(call)).toEqual({ submissionId: id, meToo: true, meToos: 1 });
    expect(await meToo({ ...call, deviceKey: randomHash() })).toMatchObject({ meToos: 2 });
    expect(await meToo({ ...call, on: false })).toEqual({ submissionId: id, meToo: false, meToos: 1 });
    expect(await meToo({ ...call, on: false })).toMatchObject({ meToos: 1 });
    // Only the keyed per-session hash is stored, never the base key the function sent.
    const { rows } = await db().query('select device_hash from public.me_too where submission_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].device_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].device_hash).not.toBe(device);
  });

  it('refuses an unknown text, another session’s, a closed session, one’s own, a hidden one and a course without the setting, writing nothing', async () => {
    const c = await sharingCourse();
    const own = await text(c.courseId, c.sessionId, 'Closures and scope.');
    const hidden = await text(c.courseId, c.sessionId, 'Hoisting of functions.');
    const pending = await text(c.courseId, c.sessionId, 'Promises and await.');
    const waiting = await text(c.courseId, c.sessionId, 'Not yet in a batch.');
    await db().query('update public.submissions set hidden_at = now() where id = $1', [hidden.id]);
    const base = { courseId: c.courseId, session: c.sessionId };

    expect(await refusal({ ...base, submissionId: randomUUID() })).toMatchObject({
      code: 'CP404',
      message: 'This feedback was not found.',
    });
    expect(await refusal({ ...base, submissionId: hidden.id })).toMatchObject({ code: 'CP404' });
    expect(await refusal({ ...base, submissionId: waiting.id })).toMatchObject({ code: 'CP404' });
    expect(await refusal({ ...base, submissionId: own.id, ownTokenHash: own.tokenHash })).toMatchObject({
      code: 'CP403',
      message: 'This is your own feedback: "Me too" is for what others wrote.',
    });

    // Another session of the same course (yesterday's, closed) and a text of it.
    const other = await createSession(c.courseId, { daysFromToday: -1, expired: true });
    const elsewhere = await createQuickSubmission(c.courseId, other.id);
    expect(await refusal({ ...base, submissionId: elsewhere })).toMatchObject({
      code: 'CP403',
      message: 'This feedback belongs to another class session.',
    });
    expect(await refusal({ ...base, session: other.id, submissionId: elsewhere })).toMatchObject({
      code: 'CP403',
      message: 'Session not found or expired. Please ask your professor for a new link.',
    });

    await db().query('update public.courses set peer_confusion = false where id = $1', [c.courseId]);
    expect(await refusal({ ...base, submissionId: pending.id })).toMatchObject({
      code: 'CP403',
      message: 'This course does not share feedback between students.',
    });
    for (const id of [own.id, hidden.id, pending.id, waiting.id, elsewhere]) expect(await meTooRows(id)).toBe(0);
  });

  it('limits a device per session and an IP per session, with the seconds to wait', async () => {
    const c = await sharingCourse();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await text(c.courseId, c.sessionId, `Unclear topic number ${i}.`)).id);
    const device = randomHash();
    const call = (submissionId: string) => ({
      courseId: c.courseId,
      session: c.sessionId,
      submissionId,
      deviceKey: device,
      limits: { devicePerSession: 2 },
    });
    await meToo(call(ids[0]));
    await meToo(call(ids[1]));
    // Taking back and saying again what was already said costs nothing more; a third new one is refused.
    await meToo({ ...call(ids[1]), on: true });
    const refused = await refusal(call(ids[2]));
    expect(refused).toMatchObject({ code: 'CP429', message: 'You have already said "me too" 2 times in this class session.' });
    expect(Number(refused.detail)).toBeGreaterThan(0);
    expect(await meTooRows(ids[2])).toBe(0);

    const ip = randomHash();
    const fromIp = (submissionId: string) => ({
      courseId: c.courseId,
      session: c.sessionId,
      submissionId,
      ipKey: ip,
      limits: { ipPerSession: 2 },
    });
    await meToo(fromIp(ids[0]));
    await meToo(fromIp(ids[1]));
    expect(await refusal(fromIp(ids[2]))).toMatchObject({
      code: 'CP429',
      message: 'Too many "me too"s from your network for this class session. Please try again later.',
    });
  });

  it('counts a burst of concurrent taps from one device once', async () => {
    const c = await sharingCourse();
    const { id } = await text(c.courseId, c.sessionId, 'Generics and bounds.');
    await text(c.courseId, c.sessionId, 'Traits and objects.');
    await text(c.courseId, c.sessionId, 'Macros and hygiene.');
    const device = randomHash();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => meToo({ courseId: c.courseId, session: c.sessionId, submissionId: id, deviceKey: device })),
    );
    expect(answers.every((a) => a.meToo)).toBe(true);
    expect(await meTooRows(id)).toBe(1);
    expect((await peer(c.courseId, c.sessionId, device)).items.find((i) => i.id === id)).toMatchObject({ meToos: 1, meToo: true });
  });
});

describe('shared_confusion: grouping for the teaching team', () => {
  async function shared(courseId: string, sessionId?: string) {
    const r = await A.client.rpc('shared_confusion', { course_id: courseId, ...(sessionId ? { session_id: sessionId } : {}) });
    expect(r.error).toBeNull();
    return r.data as {
      sessionId: string;
      texts: number;
      students: number;
      groups: {
        id: string;
        students: number;
        texts: number;
        top: { text: string; students: number };
        others: { text: string; students: number }[];
      }[];
    };
  }

  it('groups texts that say the same thing, ranks by students sharing them, and keeps different ones apart', async () => {
    const c = await sharingCourse();
    const ids: Record<string, string> = {};
    for (const body of [
      'I don’t understand the base case of recursion',
      'The recursion base case is unclear to me',
      'base case in recursion??',
      'What is a stack frame',
      'Stack frames during recursive calls',
      'Hash table collisions',
      'Big O notation',
      'Merge sort complexity',
      'Pointers and references',
    ]) {
      ids[body] = (await text(c.courseId, c.sessionId, body)).id;
    }
    const say = (body: string) => meToo({ courseId: c.courseId, session: c.sessionId, submissionId: ids[body]! });
    await say('The recursion base case is unclear to me');
    await say('The recursion base case is unclear to me');
    await say('Big O notation');

    const answer = await shared(c.courseId);
    expect([answer.sessionId, answer.texts, answer.students]).toEqual([c.sessionId, 9, 12]);
    const figures = answer.groups.map((g) => ({
      top: g.top.text,
      texts: g.texts,
      students: g.students,
      others: g.others.map((o) => o.text).sort(),
    }));
    expect(figures[0]).toEqual({
      top: 'The recursion base case is unclear to me',
      texts: 3,
      students: 5,
      others: ['I don’t understand the base case of recursion', 'base case in recursion??'],
    });
    expect(figures[1]).toEqual({ top: 'Big O notation', texts: 1, students: 2, others: [] });
    // Two texts of one student each: either may lead.
    const stack = answer.groups.find((g) => g.top.text.toLowerCase().includes('stack'))!;
    expect([stack.texts, stack.students, [stack.top.text, ...stack.others.map((o) => o.text)].sort()]).toEqual([
      2,
      2,
      ['Stack frames during recursive calls', 'What is a stack frame'],
    ]);
    expect(figures).toContainEqual({ top: 'Hash table collisions', texts: 1, students: 1, others: [] });
    expect(figures).toContainEqual({ top: 'Merge sort complexity', texts: 1, students: 1, others: [] });
    expect(figures).toHaveLength(6);
  });

  it('answers only the course’s team, and an empty view without a session today', async () => {
    const other = await signInWithEmailCode();
    const c = await sharingCourse();
    const refused = await other.client.rpc('shared_confusion', { course_id: c.courseId });
    expect([refused.status, refused.error?.message]).toEqual([404, 'Course not found']);
    const noSession = await createCourse(A.userId);
    expect(await shared(noSession.id)).toEqual({ sessionId: null, texts: 0, students: 0, pending: 0, groups: [] });
  });

  it('keeps the counts when the device hashes go with the session’s rate-limit counters', async () => {
    const c = await sharingCourse();
    const { id } = await text(c.courseId, c.sessionId, 'Dynamic programming tables.');
    await text(c.courseId, c.sessionId, 'Greedy choice.');
    await text(c.courseId, c.sessionId, 'Backtracking.');
    await meToo({ courseId: c.courseId, session: c.sessionId, submissionId: id });
    await meToo({ courseId: c.courseId, session: c.sessionId, submissionId: id });
    const client = await db().connect();
    try {
      await client.query('begin');
      // Two days later the session's counters, and its device hashes, go.
      await client.query(`select private.delete_stale_rate_limit_buckets(now() + interval '49 hours')`);
      const rows = await client.query('select count(*)::int as n from public.me_too where submission_id = $1', [id]);
      const tally = await client.query('select me_toos from public.me_too_tallies where submission_id = $1', [id]);
      expect([rows.rows[0].n, tally.rows[0]?.me_toos]).toEqual([0, 2]);
      const count = await client.query('select private.me_toos($1) as n', [id]);
      expect(count.rows[0].n).toBe(2);
    } finally {
      await client.query('rollback');
      client.release();
    }
    // Deleting the submission deletes its "me too"s.
    await db().query('delete from public.submissions where id = $1', [id]);
    expect(await meTooRows(id)).toBe(0);
  });
});

describe('confusion_patterns counts "me too"s', () => {
  it('adds them to their topic, ranks by students and keeps count as the responses', async () => {
    const c = await sharingCourse();
    for (const body of ['The base case again.', 'Call stack.', 'Tail calls.']) await text(c.courseId, c.sessionId, body);
    const loops = [];
    for (const body of ['Off by one errors.', 'While or for?', 'Nested loops.'])
      loops.push((await text(c.courseId, c.sessionId, body, 'Loops')).id);
    for (let i = 0; i < 2; i++) await meToo({ courseId: c.courseId, session: c.sessionId, submissionId: loops[0]! });
    await meToo({ courseId: c.courseId, session: c.sessionId, submissionId: loops[1]! });
    const r = await A.client.rpc('confusion_patterns', { days: 7, course_id: c.courseId });
    expect(r.error).toBeNull();
    expect(
      r.data.map((p: { topic: string; count: number; meToos: number; students: number }) => [p.topic, p.count, p.meToos, p.students]),
    ).toEqual([
      ['Loops', 3, 3, 6],
      ['Recursion', 3, 0, 3],
    ]);
  });
});
