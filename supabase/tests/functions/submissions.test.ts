// The submissions edge function through the gateway: validation with the seed's messages,
// malformed input, class-session checks, rate limits under bursts, edit tokens, privacy.
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { db, stack } from '../../../testing/vitest.ts';
import { CORS_OPTIONS } from '../../functions/_shared/http.ts';
import { createCourse, createSession, sha256 } from '../fixtures.ts';
import { TODAY_SESSION } from '../../functions/_shared/today.ts';
import { MESSAGES } from '../../functions/_shared/messages.ts';
import {
  courseWithSession,
  deviceId,
  expectNoSecretsStored,
  expectRateLimited,
  fakeIp,
  invoke,
  quick,
  raw,
  rawStreamed,
  rowsIn,
  secrets,
  sessionFeedback,
  student,
} from './helpers.ts';

const chars = (n: number, c = 'a') => c.repeat(n);

/** Posts each body (one student each) and returns status and error message per body, in order. */
async function postAll(bodies: Record<string, unknown>[], ip = fakeIp()) {
  const replies = await Promise.all(bodies.map((body) => invoke('submissions', { body, headers: student(ip) })));
  for (const r of replies) if (r.status === 201) secrets.add(r.data.editToken.split('.')[1]);
  return replies.map((r) => ({ status: r.status, error: r.data?.error as string | undefined }));
}

afterAll(async () => {
  await expectNoSecretsStored();
});

describe('POST /submissions: Variant A validation, at each boundary, with the seed messages', () => {
  it('accepts the boundaries and refuses one step past them, writing only the accepted rows', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const q = (extra: Record<string, unknown>) => quick(courseId, sessionId, extra);
    const cases: [Record<string, unknown>, number, string?][] = [
      [q({ topic: chars(1) }), 201],
      [q({ topic: chars(255) }), 201],
      [q({ topic: chars(256) }), 400, 'Topic is too long'],
      [q({ topic: '' }), 400, 'Please enter a topic'],
      [q({ topic: '   ' }), 400, 'Please enter a topic'],
      [q({ confusion: chars(9) }), 400, 'Please describe your confusion in more detail'],
      [q({ confusion: chars(10) }), 201],
      [q({ confusion: chars(2000) }), 201],
      [q({ confusion: chars(2001) }), 400, 'Description is too long'],
      [q({ difficultyLevel: 'extremely' }), 400, 'Please select how confused you are'],
      [q({ difficultyLevel: undefined }), 400, 'Please select how confused you are'],
      [q({ courseId: undefined }), 400, 'Please select a course'],
      [q({ courseId: 'COSC 1337' }), 400, 'Please select a course'],
      [q({ sessionId: undefined }), 400, 'Session ID is required'],
      [q({ sessionId: '' }), 400, 'Session ID is required'],
      ...(['slightly', 'very', 'completely'] as const).map((d): [Record<string, unknown>, number] => [q({ difficultyLevel: d }), 201]),
    ];
    const results = await postAll(cases.map(([body]) => body));
    expect(results).toEqual(cases.map(([, status, error]) => ({ status, error })));
    expect(await rowsIn(sessionId)).toBe(cases.filter(([, s]) => s === 201).length);
  });

  it('counts characters as people do: 10 emoji are 10 characters, 9 are too few', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const ten = '😀😁😂🤣😃😄😅😆😉😊'; // 20 UTF-16 units, 10 characters
    expect([...ten]).toHaveLength(10);
    const results = await postAll([
      quick(courseId, sessionId, { confusion: ten }),
      quick(courseId, sessionId, { confusion: [...ten].slice(1).join('') }),
    ]);
    expect(results).toEqual([{ status: 201 }, { status: 400, error: 'Please describe your confusion in more detail' }]);
    const { rows } = await db().query('select confusion, char_length(confusion) as n from public.submissions where class_session_id = $1', [
      sessionId,
    ]);
    expect(rows).toEqual([{ confusion: ten, n: 10 }]);
  });
});

describe('POST /submissions: Variant B validation, at each boundary, with the seed messages', () => {
  it('accepts the boundaries and refuses one step past them, writing only the accepted rows', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const b = (extra: Record<string, unknown>) => sessionFeedback(courseId, sessionId, extra);
    const clarity = 'Clarity must be a number from 1 to 7';
    const confidence = 'Confidence must be a number from 0 to 100';
    const cases: [Record<string, unknown>, number, string?][] = [
      [b({ clarityRating: 0 }), 400, clarity],
      [b({ clarityRating: 1 }), 201],
      [b({ clarityRating: 7 }), 201],
      [b({ clarityRating: 8 }), 400, clarity],
      [b({ clarityRating: 3.5 }), 400, clarity],
      [b({ clarityRating: '4' }), 400, clarity],
      [b({ confidenceLevel: -5 }), 400, confidence],
      [b({ confidenceLevel: 0 }), 201],
      [b({ confidenceLevel: 100 }), 201],
      [b({ confidenceLevel: 105 }), 400, confidence],
      [b({ confidenceLevel: 52 }), 400, 'Confidence moves in steps of 5'],
      [b({ confidenceLevel: null }), 400, confidence],
      [b({ pace: 'fast' }), 400, 'Please choose how the pace felt'],
      [b({ challengeLevel: 'hard' }), 400, 'Please choose how challenging the session was'],
      [b({ mindAfterSession: '' }), 400, 'Please share what is on your mind after this session'],
      [b({ unclearParts: ' ' }), 400, 'Please describe what was unclear'],
      [b({ wentWell: undefined }), 400, 'Please share what went well'],
      [b({ wentWell: chars(2000) }), 201],
      [b({ unclearParts: chars(2001) }), 400, 'Please keep this under 2000 characters'],
      [b({ sessionId: undefined }), 400, 'Session ID is required for submission'],
      [b({ sessionId: '  ' }), 400, 'Session ID is required for submission'],
      [b({ courseId: undefined }), 400, 'Please select a course'],
    ];
    const results = await postAll(cases.map(([body]) => body));
    expect(results).toEqual(cases.map(([, status, error]) => ({ status, error })));
    expect(await rowsIn(sessionId)).toBe(cases.filter(([, s]) => s === 201).length);
  });

  it('answers 201 with the id, the edit token and the session id, and stores only the token hash', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const reply = await invoke('submissions', { body: sessionFeedback(courseId, sessionId), headers: student() });
    expect([reply.status, reply.data.error]).toEqual([201, undefined]);
    expect(reply.data).toEqual({ id: expect.any(String), editToken: expect.any(String), sessionId });
    const [id, secret] = reply.data.editToken.split('.');
    secrets.add(secret);
    expect(id).toBe(reply.data.id);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    const { rows } = await db().query('select edit_token_hash, kind, topic from public.submissions where id = $1', [id]);
    expect(rows).toEqual([{ edit_token_hash: sha256(secret), kind: 'session', topic: 'Session feedback' }]);
  });
});

describe('POST /submissions: malformed input gets a clear 4xx and writes nothing', () => {
  it('refuses invalid JSON, no body, non-objects, wrong types, unknown fields, NUL characters and a 1 MB body', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const valid = quick(courseId, sessionId);
    const json = { 'content-type': 'application/json', ...student() };
    const cases: [RequestInit, number, string][] = [
      [{ body: '{"courseId": ', headers: json }, 400, 'The request body is not valid JSON.'],
      [{ body: "{'topic': 'single quotes'}", headers: json }, 400, 'The request body is not valid JSON.'],
      [{ headers: json }, 400, 'A JSON request body is required.'],
      [{ body: '', headers: json }, 400, 'A JSON request body is required.'],
      [{ body: 'null', headers: json }, 400, 'The request body must be a JSON object.'],
      [{ body: '[1, 2]', headers: json }, 400, 'The request body must be a JSON object.'],
      [{ body: '"text"', headers: json }, 400, 'The request body must be a JSON object.'],
      [{ body: JSON.stringify({ ...valid, topic: 42 }), headers: json }, 400, 'Please enter a topic'],
      [
        { body: JSON.stringify({ ...valid, confusion: ['an', 'array'] }), headers: json },
        400,
        'Please describe your confusion in more detail',
      ],
      [{ body: JSON.stringify({ ...valid, courseId: 12 }), headers: json }, 400, 'Please select a course'],
      [{ body: JSON.stringify({ ...valid, isAdmin: true }), headers: json }, 400, 'Unknown field: "isAdmin"'],
      [{ body: JSON.stringify({ ...valid, id: randomUUID(), kind: 'quick' }), headers: json }, 400, 'Unknown fields: "id", "kind"'],
      [{ body: JSON.stringify({ ...valid, editTokenHash: 'f'.repeat(64) }), headers: json }, 400, 'Unknown field: "editTokenHash"'],
      [
        { body: JSON.stringify({ ...valid, topic: 'a \u0000 b' }), headers: json },
        400,
        'Text must not contain the NUL character (\\u0000).',
      ],
      [
        { body: JSON.stringify({ ...valid, sessionId: '\u0000' }), headers: json },
        400,
        'Text must not contain the NUL character (\\u0000).',
      ],
      [
        { body: JSON.stringify({ ...valid, confusion: 'x'.repeat(1024 * 1024) }), headers: json },
        413,
        'The request body is too large (at most 64 KB).',
      ],
    ];
    const replies = await Promise.all(cases.map(([init]) => raw('submissions', { method: 'POST', ...init })));
    expect(replies.map((r) => ({ status: r.status, data: r.data }))).toEqual(
      cases.map(([, status, error]) => ({ status, data: expect.objectContaining({ error, code: expect.any(String) }) })),
    );
    for (const r of replies) expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await rowsIn(sessionId)).toBe(0);
  });

  it('refuses a 1 MB body sent without a length (chunked) as well', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const payload = new TextEncoder().encode(JSON.stringify(quick(courseId, sessionId, { topic: 'y'.repeat(1024 * 1024) })));
    const reply = await rawStreamed('submissions', payload, { 'content-type': 'application/json', ...student() });
    if (reply !== 'closed') expect(reply.status).toBe(413);
    expect(await rowsIn(sessionId)).toBe(0);
  });

  it('stores SQL- and HTML-looking text and right-to-left text verbatim', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const topic = `'); drop table public.submissions; -- <b>`;
    const confusion = `<script>alert("x")</script> & <img src=x onerror=alert(1)> ' OR 1=1; --`;
    const rtl = 'لم أفهم كيف تتوقف الدالة العودية عند الحالة الأساسية؟ שלום';
    const created = await Promise.all([
      invoke('submissions', { body: quick(courseId, sessionId, { topic, confusion }), headers: student() }),
      invoke('submissions', {
        body: sessionFeedback(courseId, sessionId, { unclearParts: rtl, wentWell: '\u202Eevil\u202C 👩🏽‍🏫 ok' }),
        headers: student(),
      }),
    ]);
    expect(created.map((r) => r.status)).toEqual([201, 201]);
    const { rows } = await db().query(
      'select topic, confusion, unclear_parts, went_well from public.submissions where class_session_id = $1 order by kind',
      [sessionId],
    );
    expect(rows).toEqual([
      { topic, confusion, unclear_parts: null, went_well: null },
      { topic: 'Session feedback', confusion: null, unclear_parts: rtl, went_well: '\u202Eevil\u202C 👩🏽‍🏫 ok' },
    ]);
    // And the student reads back exactly what they wrote.
    const read = await invoke(`submissions/${created[0].data.id}`, {
      method: 'GET',
      headers: { 'x-edit-token': created[0].data.editToken },
    });
    expect(read.data).toMatchObject({ topic, confusion });
    for (const r of created) secrets.add(r.data.editToken.split('.')[1]);
  });
});

describe('POST /submissions: only an open session of the course, or today in its zone', () => {
  it('refuses expired, inactive, other-course and unknown sessions', async () => {
    const { courseId } = await courseWithSession();
    const other = await courseWithSession();
    const owner = other.ownerId;
    const later = await createCourse(owner);
    const expired = await createSession(later.id, { expired: true });
    const inactiveCourse = await createCourse(owner);
    const inactive = await createSession(inactiveCourse.id, { active: false });
    const results = await postAll([
      quick(later.id, expired.id),
      quick(inactiveCourse.id, inactive.id),
      quick(courseId, other.sessionId),
      quick(courseId, randomUUID()),
      quick(randomUUID(), other.sessionId),
      quick(courseId, 'yesterday'),
    ]);
    const gone = 'Session not found or expired. Please ask your professor for a new link.';
    expect(results).toEqual([
      { status: 403, error: gone },
      { status: 403, error: gone },
      { status: 404, error: gone },
      { status: 404, error: gone },
      { status: 404, error: 'Course not found' },
      { status: 400, error: "Session ID must be a class session id or today's date (YYYY-MM-DD)" },
    ]);
    const { rows } = await db().query('select count(*)::int as n from public.submissions where class_session_id = any($1)', [
      [expired.id, inactive.id, other.sessionId],
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("accepts a date only when it is today in the course's time zone, creating that day's session", async () => {
    // UTC+14 and UTC−11 are always on different dates: one of them is "today" only in its own zone.
    const east = await courseWithSession('Pacific/Kiritimati');
    const { rows } = await db().query(
      `select (now() at time zone 'Pacific/Kiritimati')::date::text as east,
              (now() at time zone 'Pacific/Pago_Pago')::date::text as west,
              ((now() at time zone 'Pacific/Kiritimati')::date + 1)::text as tomorrow`,
    );
    const { east: today, west, tomorrow } = rows[0];
    const fresh = await createCourse(east.ownerId, { timezone: 'Pacific/Kiritimati' });
    const results = await postAll([
      quick(east.courseId, west),
      quick(east.courseId, tomorrow),
      quick(east.courseId, '2020-01-01'),
      quick(east.courseId, today),
      quick(fresh.id, today),
    ]);
    const onlyToday = "Feedback is open only for today's session";
    expect(results).toEqual([
      { status: 403, error: onlyToday },
      { status: 403, error: onlyToday },
      { status: 403, error: onlyToday },
      { status: 201 },
      { status: 201 },
    ]);
    // The existing session was used; the course without one got today's.
    expect(await rowsIn(east.sessionId)).toBe(1);
    const { rows: made } = await db().query('select session_date::text as d from public.class_sessions where course_id = $1', [fresh.id]);
    expect(made).toEqual([{ d: today }]);
  });
});

describe('POST /submissions: "today" is the course\'s day, never the caller\'s', () => {
  it("files Variant A's `sessionId: 'today'` under the course's class day in its own time zone", async () => {
    // UTC+14 and UTC−11 are always on different dates: whatever the caller's day, each course gets its own.
    const east = await courseWithSession('Pacific/Kiritimati');
    const west = await createCourse(east.ownerId, { timezone: 'Pacific/Pago_Pago' });
    const replies = await Promise.all(
      [east.courseId, west.id].map((courseId) =>
        invoke('submissions', { body: quick(courseId, TODAY_SESSION), headers: student(fakeIp()) }),
      ),
    );
    for (const r of replies) secrets.add(r.data.editToken.split('.')[1]);
    const { rows } = await db().query(
      `select (now() at time zone 'Pacific/Kiritimati')::date::text as east, (now() at time zone 'Pacific/Pago_Pago')::date::text as west`,
    );
    expect(replies.map((r) => r.status)).toEqual([201, 201]);
    // East had today's session already: the submission joined it; west got its own day's.
    expect(replies[0]!.data.sessionId).toBe(east.sessionId);
    const { rows: days } = await db().query(
      `select c.timezone, s.session_date::text as day from public.submissions x
       join public.class_sessions s on s.id = x.class_session_id join public.courses c on c.id = x.course_id
       where x.id = any($1) order by c.timezone`,
      [replies.map((r) => r.data.id)],
    );
    expect(days).toEqual([
      { timezone: 'Pacific/Kiritimati', day: rows[0].east },
      { timezone: 'Pacific/Pago_Pago', day: rows[0].west },
    ]);
  });

  it("keeps the seed's refusal of a missing or blank session, and refuses 'today' for Session Feedback", async () => {
    const { courseId, sessionId } = await courseWithSession();
    const results = await postAll([
      quick(courseId, undefined as unknown as string),
      quick(courseId, ''),
      sessionFeedback(courseId, TODAY_SESSION),
    ]);
    expect(results.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(results.slice(0, 2).map((r) => r.error)).toEqual(['Session ID is required', 'Session ID is required']);
    // Session Feedback names its session in the address: "today" is no session of it.
    expect(results[2]!.error).toBe(MESSAGES.session_id_invalid);
    expect(await rowsIn(sessionId)).toBe(0);
  });
});

const DEVICE_LIMIT = {
  error: 'You have already sent 5 submissions for this class session.',
  code: 'device_submission_limit',
  params: { count: '5' },
};

describe('POST /submissions: NAT-friendly rate limits, exact under bursts', () => {
  it('accepts exactly 5 of 50 concurrent creates from one device; the rest get 429 with Retry-After', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const headers = { 'x-device-id': deviceId(), 'x-forwarded-for': fakeIp() };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => invoke('submissions', { body: sessionFeedback(courseId, sessionId), headers })),
    );
    const accepted = expectRateLimited(replies, { accepted: 5, limited: 45, refusal: DEVICE_LIMIT });
    for (const r of accepted) secrets.add(r.data.editToken.split('.')[1]);
    expect(await rowsIn(sessionId)).toBe(5);
  });

  it('accepts exactly 300 of 400 creates from 400 devices behind one IP in one session', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const ip = fakeIp();
    const replies = await Promise.all(
      Array.from({ length: 400 }, () =>
        invoke('submissions', { body: quick(courseId, sessionId), headers: { 'x-device-id': deviceId(), 'x-forwarded-for': ip } }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100);
    const limited = replies.find((r) => r.status === 429)!;
    expect(limited.data.error).toBe('Too many submissions from your network for this class session. Please try again later.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    for (const r of replies.filter((x) => x.status === 201)) secrets.add(r.data.editToken.split('.')[1]);
    expect(await rowsIn(sessionId)).toBe(300);
    // Another network in the same lecture hall is not affected.
    const elsewhere = await invoke('submissions', { body: quick(courseId, sessionId), headers: student() });
    expect(elsewhere.status).toBe(201);
    secrets.add(elsewhere.data.editToken.split('.')[1]);
  });
});

describe('POST /submissions: the device limit without a device id, and keys per class session', () => {
  it('counts requests without an x-device-id per address: 5 per class session, as one device', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const ip = fakeIp();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => invoke('submissions', { body: quick(courseId, sessionId), headers: { 'x-forwarded-for': ip } })),
    );
    const accepted = expectRateLimited(replies, { accepted: 5, limited: 3, refusal: DEVICE_LIMIT });
    for (const r of accepted) secrets.add(r.data.editToken.split('.')[1]);
    // A blank header is no device id either.
    const blank = await raw('submissions', {
      body: JSON.stringify(quick(courseId, sessionId)),
      headers: { 'content-type': 'application/json', 'x-device-id': '   ', 'x-forwarded-for': ip },
    });
    expect(blank.status).toBe(429);
    // Students with a device id behind that address, and other addresses, are not affected.
    const others = await Promise.all([
      invoke('submissions', { body: quick(courseId, sessionId), headers: student(ip) }),
      invoke('submissions', { body: quick(courseId, sessionId), headers: { 'x-forwarded-for': fakeIp() } }),
    ]);
    expect(others.map((r) => r.status)).toEqual([201, 201]);
    for (const r of others) secrets.add(r.data.editToken.split('.')[1]);
    expect(await rowsIn(sessionId)).toBe(7);
  });

  it('refuses an x-device-id longer than 200 characters with 400, writing nothing', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const ip = fakeIp();
    const longest = `${deviceId()}-`.padEnd(200, 'x');
    secrets.add(longest);
    const replies = await Promise.all([
      invoke('submissions', { body: quick(courseId, sessionId), headers: { 'x-device-id': `${longest}y`, 'x-forwarded-for': ip } }),
      invoke('submissions', { body: quick(courseId, sessionId), headers: { 'x-device-id': longest.repeat(50), 'x-forwarded-for': ip } }),
    ]);
    for (const r of replies) {
      expect([r.status, r.data]).toEqual([
        400,
        { error: 'The x-device-id header is too long (at most 200 characters).', code: 'device_id_too_long', params: { max: '200' } },
      ]);
    }
    expect(await rowsIn(sessionId)).toBe(0);
    const accepted = await invoke('submissions', {
      body: quick(courseId, sessionId),
      headers: { 'x-device-id': longest, 'x-forwarded-for': ip },
    });
    expect(accepted.status).toBe(201);
    secrets.add(accepted.data.editToken.split('.')[1]);
    expect(await rowsIn(sessionId)).toBe(1);
  });

  it('keys class-session counts by the session: one key all session long (no day in it), another in every session', async () => {
    const [first, second] = await Promise.all([courseWithSession(), courseWithSession()]);
    const headers = student();
    for (const { courseId, sessionId } of [first, second]) {
      const reply = await invoke('submissions', { body: quick(courseId, sessionId), headers });
      expect(reply.status).toBe(201);
      secrets.add(reply.data.editToken.split('.')[1]);
    }
    // The derivation the decision describes, recomputed here from the master secret.
    const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
    const master = process.env.RATE_LIMIT_SECRET || stack().serviceRoleKey;
    const baseKey = hmac(master, 'rate-limit:class-session-base');
    const base = (kind: string, value: string) => hmac(baseKey, `${kind}:${value}`);
    const stored = (b: Buffer, scope: string) => hmac(b, scope).toString('hex');
    const device = base('device', headers['x-device-id']);
    const ip = base('ip', headers['x-forwarded-for']);

    const { rows } = await db().query<{ bucket: string; key_hash: string; submission_count: number }>(
      `select bucket, key_hash, submission_count from public.rate_limit_buckets where bucket = any($1) order by bucket`,
      [[first, second].flatMap(({ sessionId }) => [`device:${sessionId}`, `ip:${sessionId}`])],
    );
    const expected = [first, second]
      .flatMap(({ sessionId }) => [
        { bucket: `device:${sessionId}`, key_hash: stored(device, `session:${sessionId}`), submission_count: 1 },
        { bucket: `ip:${sessionId}`, key_hash: stored(ip, `session:${sessionId}`), submission_count: 1 },
      ])
      .sort((a, b) => a.bucket.localeCompare(b.bucket));
    expect(rows).toEqual(expected);
    // Nothing links the two sessions' counters.
    const deviceKeys = rows.filter((r) => r.bucket.startsWith('device:')).map((r) => r.key_hash);
    expect(new Set(deviceKeys).size).toBe(2);
    // The per-minute counter keeps a key of the UTC day.
    const days = [new Date(), new Date(Date.now() - 60_000)].map((d) => d.toISOString().slice(0, 10));
    const minute = await db().query<{ n: number }>(
      `select coalesce(sum(submission_count), 0)::int as n from public.rate_limit_buckets where bucket = 'ip-minute' and key_hash = any($1)`,
      [[...new Set(days)].map((day) => stored(ip, `day:${day}`))],
    );
    expect(minute.rows[0].n).toBe(2);
  });
});

describe('GET and PUT /submissions/{id}: only with the edit token, only while the session is open', () => {
  async function created(kind: 'quick' | 'session') {
    const { courseId, sessionId } = await courseWithSession();
    const body = kind === 'quick' ? quick(courseId, sessionId) : sessionFeedback(courseId, sessionId);
    const reply = await invoke('submissions', { body, headers: student() });
    expect(reply.status).toBe(201);
    secrets.add(reply.data.editToken.split('.')[1]);
    return { ...reply.data, courseId, sessionId } as { id: string; editToken: string; courseId: string; sessionId: string };
  }
  const row = async (id: string) =>
    (await db().query('select topic, confusion, difficulty_level, clarity_rating, updated_at from public.submissions where id = $1', [id]))
      .rows[0];

  it('reads and edits with the right token; the content schema applies', async () => {
    const [a, b] = await Promise.all([created('quick'), created('session')]);
    const read = await invoke(`submissions/${a.id}`, { method: 'GET', headers: { 'x-edit-token': a.editToken } });
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({
      id: a.id,
      kind: 'quick',
      courseId: a.courseId,
      sessionId: a.sessionId,
      open: true,
      topic: 'Recursion',
      confusion: 'How does the base case stop the calls?',
      difficultyLevel: 'very',
    });
    expect(read.data).not.toHaveProperty('editTokenHash');

    const edit = { topic: 'Recursion depth', confusion: 'Now I get the base case, not the depth.', difficultyLevel: 'slightly' };
    const put = await invoke(`submissions/${a.id}`, { method: 'PUT', body: edit, headers: { 'x-edit-token': a.editToken } });
    expect(put.status).toBe(200);
    expect(put.data).toMatchObject({ id: a.id, ...edit });
    expect(await row(a.id)).toMatchObject({ topic: 'Recursion depth', difficulty_level: 'slightly' });

    const sessionEdit = { ...sessionFeedback('', ''), clarityRating: 6 } as Record<string, unknown>;
    delete sessionEdit.courseId;
    delete sessionEdit.sessionId;
    const putB = await invoke(`submissions/${b.id}`, { method: 'PUT', body: sessionEdit, headers: { 'x-edit-token': b.editToken } });
    expect(putB.status).toBe(200);
    expect(putB.data).toMatchObject({ kind: 'session', clarityRating: 6 });
    expect((await row(b.id)).clarity_rating).toBe(6);

    // The content schema of its kind: no courseId or sessionId, the seed's messages.
    const bad = await Promise.all([
      invoke(`submissions/${a.id}`, { method: 'PUT', body: { ...edit, confusion: 'too short' }, headers: { 'x-edit-token': a.editToken } }),
      invoke(`submissions/${a.id}`, {
        method: 'PUT',
        body: { ...edit, sessionId: randomUUID() },
        headers: { 'x-edit-token': a.editToken },
      }),
      invoke(`submissions/${b.id}`, {
        method: 'PUT',
        body: { ...sessionEdit, clarityRating: 8 },
        headers: { 'x-edit-token': b.editToken },
      }),
      invoke(`submissions/${b.id}`, { method: 'PUT', body: edit, headers: { 'x-edit-token': b.editToken } }),
    ]);
    expect(bad.map((r) => [r.status, r.data.error])).toEqual([
      [400, 'Please describe your confusion in more detail'],
      [400, 'Unknown field: "sessionId"'],
      [400, 'Clarity must be a number from 1 to 7'],
      [400, 'Unknown fields: "topic", "confusion", "difficultyLevel"'],
    ]);
    expect(await row(a.id)).toMatchObject({ topic: 'Recursion depth', difficulty_level: 'slightly' });
  });

  it('answers 404 and changes nothing for a wrong, missing or borrowed token', async () => {
    const [a, b] = await Promise.all([created('quick'), created('quick')]);
    const before = await row(a.id);
    const edit = { topic: 'Hijacked', confusion: 'Someone else wrote this text.', difficultyLevel: 'completely' };
    const wrongSecret = `${a.id}.${'A'.repeat(43)}`;
    const otherSecret = `${a.id}.${b.editToken.split('.')[1]}`;
    const attempts: (Record<string, string> | undefined)[] = [
      undefined,
      { 'x-edit-token': '' },
      { 'x-edit-token': wrongSecret },
      { 'x-edit-token': b.editToken }, // another submission's token
      { 'x-edit-token': otherSecret }, // its secret under this id
      { 'x-edit-token': a.editToken.split('.')[1] }, // the secret without the id
      { 'x-edit-token': `${a.id}.${sha256(a.editToken.split('.')[1])}` }, // the stored hash itself
    ];
    const replies = await Promise.all(
      attempts.flatMap((headers) => [
        invoke(`submissions/${a.id}`, { method: 'PUT', body: edit, headers }),
        invoke(`submissions/${a.id}`, { method: 'GET', headers }),
      ]),
    );
    for (const r of replies) expect([r.status, r.data]).toEqual([404, { error: 'Submission not found', code: 'submission_not_found' }]);
    const unknown = await Promise.all([
      invoke(`submissions/${randomUUID()}`, { method: 'GET', headers: { 'x-edit-token': a.editToken } }),
      invoke('submissions/not-a-uuid', { method: 'GET', headers: { 'x-edit-token': a.editToken } }),
    ]);
    for (const r of unknown) expect([r.status, r.data]).toEqual([404, { error: 'Submission not found', code: 'submission_not_found' }]);
    expect(await row(a.id)).toEqual(before);
  });

  it('refuses edits once the session has expired or been closed, and changes nothing', async () => {
    const [a, b] = await Promise.all([created('quick'), created('quick')]);
    const before = await Promise.all([row(a.id), row(b.id)]);
    await db().query(`update public.class_sessions set expires_at = now() - interval '1 second' where id = $1`, [a.sessionId]);
    await db().query('update public.class_sessions set is_active = false where id = $1', [b.sessionId]);
    const edit = { topic: 'Too late', confusion: 'This edit comes after the class ended.', difficultyLevel: 'very' };
    const replies = await Promise.all(
      [a, b].map((s) => invoke(`submissions/${s.id}`, { method: 'PUT', body: edit, headers: { 'x-edit-token': s.editToken } })),
    );
    for (const r of replies) {
      expect([r.status, r.data]).toEqual([
        403,
        { error: 'This class session has ended; feedback can no longer be edited.', code: 'feedback_edit_closed' },
      ]);
    }
    expect(await Promise.all([row(a.id), row(b.id)])).toEqual(before);
    // Reading one's own feedback still works, and says it is closed.
    const read = await invoke(`submissions/${a.id}`, { method: 'GET', headers: { 'x-edit-token': a.editToken } });
    expect(read.data).toMatchObject({ open: false, topic: 'Recursion' });
  });
});

describe('GET and PUT /submissions/{id}: the professor’s reply, for the holder of the edit token only', () => {
  async function created() {
    const { courseId, sessionId } = await courseWithSession();
    const reply = await invoke('submissions', { body: quick(courseId, sessionId), headers: student() });
    expect(reply.status).toBe(201);
    secrets.add(reply.data.editToken.split('.')[1]);
    return reply.data as { id: string; editToken: string };
  }
  const read = (id: string, headers?: Record<string, string>) => invoke(`submissions/${id}`, { method: 'GET', headers });

  it('is null until the professor replies, then {body, updatedAt}, on reads and edits alike', async () => {
    const a = await created();
    const before = await read(a.id, { 'x-edit-token': a.editToken });
    expect(before.status).toBe(200);
    expect(before.data.reply).toBeNull();

    await db().query(`insert into public.submission_replies (submission_id, body) values ($1, 'We will redo the trace on Friday.')`, [
      a.id,
    ]);
    const { rows } = await db().query(
      `select json_build_object('t', updated_at) ->> 't' as t from public.submission_replies where submission_id = $1`,
      [a.id],
    );
    const after = await read(a.id, { 'x-edit-token': a.editToken });
    expect(after.data.reply).toEqual({ body: 'We will redo the trace on Friday.', updatedAt: rows[0].t });
    // Everything else is as before, and nothing of the professor comes along.
    expect(Object.keys(after.data).sort()).toEqual([...Object.keys(before.data)].sort());
    expect(Object.keys(after.data.reply).sort()).toEqual(['body', 'updatedAt']);

    const edit = { topic: 'Recursion', confusion: 'Still unsure how the calls unwind.', difficultyLevel: 'very' };
    const put = await invoke(`submissions/${a.id}`, { method: 'PUT', body: edit, headers: { 'x-edit-token': a.editToken } });
    expect(put.status).toBe(200);
    expect(put.data).toMatchObject({ ...edit, reply: { body: 'We will redo the trace on Friday.' } });

    await db().query('delete from public.submission_replies where submission_id = $1', [a.id]);
    expect((await read(a.id, { 'x-edit-token': a.editToken })).data.reply).toBeNull();
  });

  it('never leaks to a wrong, missing or borrowed token: the same 404 as before', async () => {
    const [a, b] = await Promise.all([created(), created()]);
    await db().query(`insert into public.submission_replies (submission_id, body) values ($1, 'Private answer for one student.')`, [a.id]);
    const replies = await Promise.all([
      read(a.id),
      read(a.id, { 'x-edit-token': '' }),
      read(a.id, { 'x-edit-token': `${a.id}.${'A'.repeat(43)}` }),
      read(a.id, { 'x-edit-token': b.editToken }),
      read(a.id, { 'x-edit-token': `${a.id}.${b.editToken.split('.')[1]}` }),
      read(randomUUID(), { 'x-edit-token': a.editToken }),
    ]);
    for (const r of replies) expect([r.status, r.data]).toEqual([404, { error: 'Submission not found', code: 'submission_not_found' }]);
    // The other student's own read shows no reply: it was not for them.
    expect((await read(b.id, { 'x-edit-token': b.editToken })).data.reply).toBeNull();
  });
});

describe('CORS', () => {
  // Which methods and headers the client needs is pinned by _shared/http.test.ts; here, that the functions serve them.
  it.each(['submissions', 'submissions/00000000-0000-4000-8000-000000000000', 'user-stories', 'user-stories/merge'])(
    'answers the preflight of %s with every method and header of the CORS options',
    async (path) => {
      const reply = await raw(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'x-edit-token, content-type',
        },
      });
      expect(reply.status).toBeLessThan(300);
      expect(reply.headers.get('access-control-allow-origin')).toBe('*');
      const methods = reply.headers.get('access-control-allow-methods')!;
      for (const m of CORS_OPTIONS.allowMethods) expect(methods).toContain(m);
      const allowed = reply.headers.get('access-control-allow-headers')!.toLowerCase();
      for (const h of CORS_OPTIONS.allowHeaders) expect(allowed).toContain(h);
    },
  );

  it('puts CORS headers on errors too, exposing Retry-After', async () => {
    const reply = await raw('submissions', {
      body: 'not json',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('retry-after');
  });
});
