import { HTTPException } from 'hono/http-exception';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError, INTERNAL_ERROR } from './errors.ts';
import { REQUEST_DEADLINE_MS } from './db-config.ts';
import { createApp, header, isUuid, MAX_BODY_BYTES, parseWith, readJsonObject } from './http.ts';

// A function built on the shared frame, called in-process as Supabase would call it.
const app = createApp('probe');
app.post('/json', async (c) => c.json(await readJsonObject(c)));
app.get('/header', (c) => c.json({ value: header(c, 'x-probe', 5) ?? null }));
app.get('/refused', () => {
  throw new HttpError(409, 'Already merged', { 'x-why': 'merged' });
});
app.get('/database/:code', (c) => {
  throw Object.assign(new Error('raw database text'), { code: c.req.param('code'), detail: '7' });
});
app.get('/hono', () => {
  throw new HTTPException(401, { message: 'Refused by Hono' });
});
app.get('/bug', () => {
  throw new TypeError('undefined is not a function');
});

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  app.request('/probe/json', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

async function answer(res: Response | Promise<Response>) {
  const r = await res;
  return { status: r.status, body: await r.json() };
}

afterEach(() => vi.restoreAllMocks());

describe('createApp: every failure is a JSON `{ error }` with the right status', () => {
  it('answers an unknown path 404', async () => {
    expect(await answer(app.request('/probe/nothing-here'))).toEqual({ status: 404, body: { error: 'Not found', code: 'not_found' } });
  });

  it('answers a thrown HttpError with its status, message and headers', async () => {
    const res = await app.request('/probe/refused');
    expect(res.headers.get('x-why')).toBe('merged');
    expect(await answer(res)).toEqual({ status: 409, body: { error: 'Already merged', code: 'conflict' } });
  });

  it('maps database errors: our codes keep their message, rule violations get a stable 400, a lost connection 503', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await answer(app.request('/probe/database/CP404'))).toEqual({
      status: 404,
      body: { error: 'raw database text', code: 'not_found' },
    });
    const limited = await app.request('/probe/database/CP429');
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.status).toBe(429);
    expect(await answer(app.request('/probe/database/23514'))).toEqual({
      status: 400,
      body: { error: 'Some of the submitted values are not valid.', code: 'invalid_values' },
    });
    const down = await app.request('/probe/database/57P01');
    expect(down.headers.get('retry-after')).toBe('2');
    expect(await answer(down)).toEqual({
      status: 503,
      body: { error: 'The database is temporarily unavailable. Please try again in a moment.', code: 'database_unavailable' },
    });
    // Our own refusals (CP…) are expected; a constraint or a lost connection is logged.
    expect(console.warn).toHaveBeenCalledTimes(2);
  });

  it("keeps the status of Hono's own 4xx errors", async () => {
    expect(await answer(app.request('/probe/hono'))).toEqual({ status: 401, body: { error: 'Refused by Hono', code: 'unauthorized' } });
  });

  it('answers a bug 500 with a generic message, never the error itself', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await answer(app.request('/probe/bug'))).toEqual({ status: 500, body: { error: INTERNAL_ERROR, code: 'internal_error' } });
    expect(logged).toHaveBeenCalledOnce();
    const unknownDbError = await answer(app.request('/probe/database/42P01'));
    expect(unknownDbError).toEqual({ status: 500, body: { error: INTERNAL_ERROR, code: 'internal_error' } });
  });

  it('answers CORS preflights for the methods and headers the web client sends, and exposes Retry-After and Idempotent-Replayed', async () => {
    const preflight = await app.request('/probe/json', {
      method: 'OPTIONS',
      headers: { origin: 'https://classpulse.example', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,POST,PUT,DELETE,OPTIONS');
    for (const name of ['authorization', 'apikey', 'x-device-id', 'x-edit-token', 'x-session-token', 'x-app-owner', 'idempotency-key']) {
      expect(preflight.headers.get('access-control-allow-headers')).toContain(name);
    }
    const limited = await app.request('/probe/database/CP429', { headers: { origin: 'https://classpulse.example' } });
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    expect(limited.headers.get('access-control-expose-headers')).toBe('retry-after,idempotent-replayed');
  });
});

describe('readJsonObject', () => {
  it('returns the JSON object of the body', async () => {
    expect(await answer(post('{"topic":"Recursion","n":1}'))).toEqual({ status: 200, body: { topic: 'Recursion', n: 1 } });
  });

  it('refuses an empty body, invalid JSON and JSON that is not an object', async () => {
    expect(await answer(post(''))).toEqual({ status: 400, body: { error: 'A JSON request body is required.', code: 'body_required' } });
    expect(await answer(post('  \n'))).toEqual({ status: 400, body: { error: 'A JSON request body is required.', code: 'body_required' } });
    expect(await answer(post('{"topic":'))).toEqual({
      status: 400,
      body: { error: 'The request body is not valid JSON.', code: 'body_not_json' },
    });
    for (const body of ['[1,2]', 'null', '"text"', '42']) {
      expect(await answer(post(body))).toEqual({
        status: 400,
        body: { error: 'The request body must be a JSON object.', code: 'body_not_object' },
      });
    }
  });

  it('refuses bytes that are not UTF-8', async () => {
    expect(await answer(post(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])))).toEqual({
      status: 400,
      body: { error: 'The request body must be UTF-8 text.', code: 'body_not_utf8' },
    });
  });

  it(`accepts ${MAX_BODY_BYTES / 1024} KB and refuses one byte more (413), streamed or declared`, async () => {
    const ofSize = (bytes: number) => `{"text":"${'x'.repeat(bytes - 11)}"}`;
    expect(ofSize(MAX_BODY_BYTES)).toHaveLength(MAX_BODY_BYTES);
    expect((await post(ofSize(MAX_BODY_BYTES))).status).toBe(200);
    const tooLarge = {
      status: 413,
      body: { error: 'The request body is too large (at most 64 KB).', code: 'body_too_large', params: { kilobytes: '64' } },
    };
    expect(await answer(post(ofSize(MAX_BODY_BYTES + 1)))).toEqual(tooLarge);
    const stream = new Blob([ofSize(MAX_BODY_BYTES + 1)]).stream();
    expect(await answer(app.request('/probe/json', { method: 'POST', body: stream, duplex: 'half' } as RequestInit))).toEqual(tooLarge);
    expect(await answer(post('{}', { 'content-length': String(MAX_BODY_BYTES + 1) }))).toEqual(tooLarge);
  });
});

describe('parseWith', () => {
  const schema = z.strictObject({ topic: z.string({ error: 'Please enter a topic' }).min(1, { error: 'Please enter a topic' }) });

  const refusal = (body: unknown) => {
    try {
      parseWith(schema, body);
    } catch (error) {
      return error;
    }
    throw new Error('parseWith accepted the body');
  };

  it('returns the parsed value', () => {
    expect(parseWith(schema, { topic: 'Recursion' })).toEqual({ topic: 'Recursion' });
  });

  it("answers 400 with the first problem's message", () => {
    expect(refusal({})).toMatchObject({ status: 400, message: 'Please enter a topic' });
    expect(refusal({ topic: '' })).toBeInstanceOf(HttpError);
  });

  it('names unknown fields first: they usually explain the rest', () => {
    expect(refusal({ topik: 'Recursion' })).toMatchObject({ status: 400, message: 'Unknown field: "topik"' });
    expect(refusal({ topic: 'x', a: 1, b: 2 })).toMatchObject({ status: 400, message: 'Unknown fields: "a", "b"' });
    const long = 'k'.repeat(50_000);
    expect(refusal({ [long]: '' })).toMatchObject({ status: 400, message: `Unknown field: "${'k'.repeat(40)}…"` });
    const many = Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => [k, 1]));
    expect(refusal(many)).toMatchObject({ message: 'Unknown fields: "a", "b", "c", "d", "e", …' });
  });
});

describe('isUuid and header', () => {
  it('isUuid accepts a UUID in either case and nothing else', () => {
    expect(isUuid('6f1c1f5e-2b7a-4c55-9d7e-0a1b2c3d4e5f')).toBe(true);
    expect(isUuid('6F1C1F5E-2B7A-4C55-9D7E-0A1B2C3D4E5F')).toBe(true);
    expect(isUuid('6f1c1f5e2b7a4c559d7e0a1b2c3d4e5f')).toBe(false);
    expect(isUuid('6f1c1f5e-2b7a-4c55-9d7e-0a1b2c3d4e5f ')).toBe(false);
    expect(isUuid("1' or '1'='1")).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });

  it('header is the trimmed value when present and not longer than allowed', async () => {
    const read = async (headers: Record<string, string>) => (await (await app.request('/probe/header', { headers })).json()).value;
    expect(await read({ 'x-probe': '  abc  ' })).toBe('abc');
    expect(await read({ 'x-probe': 'abcde' })).toBe('abcde');
    expect(await read({ 'x-probe': 'abcdef' })).toBeNull();
    expect(await read({ 'x-probe': '   ' })).toBeNull();
    expect(await read({})).toBeNull();
  });
});

describe('createApp: the request time limit', () => {
  it(`is ${REQUEST_DEADLINE_MS / 1000} s by default: a pooler's queue (PgBouncer's 120 s) never holds a request that long`, () => {
    expect(REQUEST_DEADLINE_MS).toBeLessThanOrEqual(10_000);
  });

  it('answers a request still waiting at the limit 503 with Retry-After and CORS headers, never 500', async () => {
    const slow = createApp('slow', { deadlineMs: 50 });
    let finished = false;
    slow.post('/wait', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
      return c.json({ stored: true }, 201);
    });
    slow.get('/quick', (c) => c.json({ ok: true }));
    const began = performance.now();
    const res = await slow.request('/slow/wait', { method: 'POST', headers: { origin: 'https://classpulse.example' } });
    expect(performance.now() - began).toBeLessThan(250);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      error: 'The service is temporarily unavailable. Please try again in a moment.',
      code: 'unavailable',
    });
    // The work itself goes on (the client's retry with the same Idempotency-Key finds what it stored).
    await vi.waitFor(() => expect(finished).toBe(true));
    expect(await answer(slow.request('/slow/quick'))).toEqual({ status: 200, body: { ok: true } });
  });
});
