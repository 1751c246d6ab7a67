// POST /submissions as a browser posts a form without JavaScript
// (docs/decisions/forms-before-the-app.md): application/x-www-form-urlencoded, the same checks and
// limits as JSON, and a 303 to the page of the outcome on the site, or JSON when the caller asks for it.
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../../testing/vitest.ts';
import { courseWithSession, expectNoSecretsStored, fakeIp, quick, raw, rowsIn, sessionFeedback } from './helpers.ts';

const SITE = 'https://classpulse.example.edu';

afterAll(async () => {
  await expectNoSecretsStored();
});

const encode = (fields: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)])).toString();

/** The browser's own form post: its content type, an HTML Accept, the site as Origin and the page as Referer. */
function post(body: string, { page, ip = fakeIp(), headers = {} }: { page: string; ip?: string; headers?: Record<string, string> }) {
  return raw('submissions', {
    body,
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      origin: SITE,
      referer: `${SITE}${page}`,
      'x-forwarded-for': ip,
      ...headers,
    },
  });
}

const fragmentOf = (location: string | null) => new URLSearchParams(new URL(location ?? 'x:').hash.slice(1));

describe('a feedback form posted without JavaScript', () => {
  it('stores Variant B with the course and session of the page it came from, and sends the student to "sent" with the token in the fragment', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const { courseId: _c, sessionId: _s, ...content } = sessionFeedback(courseId, sessionId);
    const page = `/class-session?courseId=${courseId}&sessionId=${sessionId}`;
    const res = await post(encode(content), { page });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/class-session/sent`);
    expect(location.searchParams.get('courseId')).toBe(courseId);
    expect(location.searchParams.get('sessionId')).toBe(sessionId);
    const token = fragmentOf(location.href).get('token')!;
    expect(location.search).not.toContain(token.split('.')[1]);
    expect(await rowsIn(sessionId)).toBe(1);
    const { rows } = await db().query(
      'select id, clarity_rating, confidence_level, unclear_parts from public.submissions where class_session_id = $1',
      [sessionId],
    );
    expect(rows[0]).toMatchObject({
      id: token.split('.')[0],
      clarity_rating: 4,
      confidence_level: 50,
      unclear_parts: content.unclearParts,
    });

    // The token opens it, as one from the JSON path does.
    const own = await raw(`submissions/${rows[0].id}`, { method: 'GET', headers: { 'x-edit-token': token } });
    expect(own.status).toBe(200);
  });

  it("stores Variant A for today's class day of the course when the page names no session", async () => {
    const { courseId, sessionId } = await courseWithSession();
    const { courseId: _c, sessionId: _s, ...content } = quick(courseId, sessionId);
    const res = await post(encode(content), { page: `/submit?courseId=${courseId}` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${SITE}/submit/sent\\?courseId=${courseId}#token=`));
    expect(await rowsIn(sessionId)).toBe(1);
  });

  it("stores Variant B posted from a class link's own page (the page a QR code opens) in the link's session", async () => {
    const { courseId, sessionId } = await courseWithSession();
    const { rows } = await db().query<{ token: string }>('select access_token as token from public.class_sessions where id = $1', [
      sessionId,
    ]);
    const { courseId: _c, sessionId: _s, ...content } = sessionFeedback(courseId, sessionId);
    const res = await post(encode(content), { page: `/class/${rows[0]!.token}` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(
      new RegExp(`^${SITE}/class-session/sent\\?courseId=${courseId}&sessionId=${sessionId}#token=`),
    );
    expect(await rowsIn(sessionId)).toBe(1);

    // A link that opens nothing names no session: the seed's refusal, and nothing is written.
    const dead = await post(encode(content), { page: `/class/${'x'.repeat(32)}` });
    expect(dead.status).toBe(303);
    expect(dead.headers.get('location')).toMatch(new RegExp(`^${SITE}/class-session/not-sent#`));
    expect(await rowsIn(sessionId)).toBe(1);
  });

  it('sends a refusal to "not-sent" with the messages by field and what was typed, and writes nothing', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const page = `/submit?courseId=${courseId}`;
    const res = await post(encode({ topic: '   ', confusion: 'short', difficultyLevel: 'very' }), { page });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${SITE}/submit/not-sent?courseId=${courseId}#`)).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('code')).toBe('invalid_input');
    expect(fragment.get('e.topic')).toBe('Please enter a topic');
    expect(fragment.get('e.confusion')).toBe('Please describe your confusion in more detail');
    expect(fragment.get('v.confusion')).toBe('short');
    expect(await rowsIn(sessionId)).toBe(0);
  });

  it('applies the per-device limit to the address when there is no device id', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const ip = fakeIp();
    const { rows } = await db().query<{ d: string }>('select session_date::text as d from public.class_sessions where id = $1', [
      sessionId,
    ]);
    const page = `/submit?courseId=${courseId}&sessionId=${rows[0].d}`;
    const { courseId: _c, sessionId: _s, ...content } = quick(courseId, sessionId);
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post(encode(content), { page, ip });
      statuses.push(new URL(res.headers.get('location')!).pathname);
    }
    // Five per device and class session (docs/product.md, "Rate limits"): here, per address.
    expect(statuses).toEqual([...Array(5).fill('/submit/sent'), '/submit/not-sent']);
    expect(await rowsIn(sessionId)).toBe(5);
  });

  it('answers JSON, status and { error, code }, to a caller that asks for it', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const json = { accept: 'application/json' };
    const created = await post(encode(quick(courseId, sessionId)), { page: '/elsewhere', headers: json });
    expect(created.status).toBe(201);
    expect(created.data.editToken).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/);

    const duplicated = await post(`${encode(quick(courseId, sessionId))}&topic=again`, { page: '/submit', headers: json });
    expect(duplicated.status).toBe(400);
    expect(duplicated.data).toEqual({ error: 'A field was sent twice: "topic"', code: 'duplicate_field', params: { name: '"topic"' } });

    const unknown = await post(encode(quick(courseId, sessionId, { studentName: 'Ada' })), { page: '/submit', headers: json });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ error: 'Unknown field: "studentName"', code: 'unknown_field' });

    const outOfRange = await post(encode(sessionFeedback(courseId, sessionId, { clarityRating: 9 })), {
      page: '/class-session',
      headers: json,
    });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.data).toMatchObject({ error: 'Clarity must be a number from 1 to 7', code: 'invalid_input' });

    const tooLarge = await post(encode(quick(courseId, sessionId, { confusion: 'x'.repeat(70 * 1024) })), {
      page: '/submit',
      headers: json,
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.data.code).toBe('body_too_large');
    expect(await rowsIn(sessionId)).toBe(1);
  });

  it('refuses the other form encodings with 415, and a post from no known site with 400', async () => {
    const { courseId, sessionId } = await courseWithSession();
    for (const type of ['text/plain', 'multipart/form-data; boundary=x']) {
      const res = await raw('submissions', {
        body: encode(quick(courseId, sessionId)),
        headers: { 'content-type': type, 'x-forwarded-for': fakeIp() },
      });
      expect(res.status).toBe(415);
      expect(res.data.code).toBe('content_type_unsupported');
    }
    const anonymous = await post(encode(quick(courseId, sessionId)), { page: '/submit', headers: { origin: 'null', referer: '' } });
    expect(anonymous.status).toBe(400);
    expect(anonymous.data.code).toBe('form_site_unknown');
    expect(await rowsIn(sessionId)).toBe(0);
  });
});
