import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY, ROOT } from '../config.ts';
import type { Stack } from '../stack.ts';
import { startTemporaryStack } from '../temporary.ts';

// A stack of its own, over a fixture project with one JWT-protected and one open function.
let stack: Stack;

beforeAll(async () => {
  stack = await startTemporaryStack({ supabaseDir: path.join(ROOT, 'stack', 'tests', 'fixtures', 'supabase') });
});

afterAll(async () => {
  await stack?.stop();
});

const call = (fn: string, init: RequestInit = {}) => fetch(`${stack.apiUrl}/functions/v1/${fn}`, init);

describe('gateway → edge functions', () => {
  it('refuses a verify_jwt function without a JWT, and with a forged one', async () => {
    const missing = await call('echo');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });

    const forged = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'));
    const bad = await call('echo', { headers: { authorization: `Bearer ${forged}` } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  it('serves a verify_jwt function with the anon key, passing subpath, query and env like Supabase', async () => {
    const res = await call('echo/items/42?x=1', { headers: { authorization: `Bearer ${DEMO_ANON_KEY}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      method: 'GET',
      path: '/echo/items/42',
      query: '?x=1',
      authorization: true,
      env: { url: stack.apiUrl, anon: true, service: true, db: true },
    });
  });

  it('serves a verify_jwt = false function without any JWT', async () => {
    const res = await call('open/ping', { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ method: 'POST', path: '/open/ping', authorization: false });
  });

  it('lets preflight requests through without a JWT', async () => {
    const res = await call('echo', { method: 'OPTIONS' });
    expect(res.status).toBe(200);
  });

  it('keeps the client address in x-forwarded-for', async () => {
    const res = await call('open', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    const body = (await res.json()) as { forwardedFor: string };
    expect(body.forwardedFor.split(',')[0].trim()).toBe('203.0.113.7');
  });

  it('answers 404 for an unknown function', async () => {
    const res = await call('nope');
    expect(res.status).toBe(404);
  });

  it('answers 502 with a JSON error when a function dies mid-request, and serves the next request', async () => {
    const started = Date.now();
    const res = await call('open/die');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'The service did not answer. Please try again.' });
    expect(Date.now() - started).toBeLessThan(2000);

    await expect
      .poll(
        async () => {
          const again = await call('open');
          await again.arrayBuffer();
          return again.status;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(200);
  });

  it('answers CORS preflights for the REST and auth APIs', async () => {
    const res = await fetch(`${stack.apiUrl}/rest/v1/courses`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-headers': 'apikey, authorization' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('apikey, authorization');
  });
});
