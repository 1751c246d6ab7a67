import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { stack } from '../../testing/vitest.ts';

// The gateway's own refusals in front of the real PostgREST and auth service (gateway-checks.ts).
describe('gateway → REST and auth', () => {
  it('REST and auth need one of the project’s API keys, in the header or the query; verify links need none', async () => {
    const courses = (init: RequestInit = {}, query = '') => fetch(`${stack().apiUrl}/rest/v1/courses?select=code${query}`, init);
    const missing = await courses();
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { message: string }).message).toBe('No API key found in request');
    const foreign = await courses({ headers: { apikey: 'sb_publishable_another_project' } });
    expect(foreign.status).toBe(401);
    expect(((await foreign.json()) as { message: string }).message).toBe('Invalid API key');
    expect((await courses({ headers: { apikey: stack().anonKey } })).status).toBe(200);
    // In the query it is taken off before PostgREST, which would read it as a column filter.
    const inQuery = await courses({}, `&apikey=${stack().anonKey}`);
    expect(inQuery.status).toBe(200);
    expect(Array.isArray(await inQuery.json())).toBe(true);

    expect((await fetch(`${stack().apiUrl}/auth/v1/settings`)).status).toBe(401);
    expect((await fetch(`${stack().apiUrl}/auth/v1/settings`, { headers: { apikey: stack().serviceRoleKey } })).status).toBe(200);
    const verify = await fetch(`${stack().apiUrl}/auth/v1/verify?token=000000&type=magiclink`, { redirect: 'manual' });
    expect(verify.status).not.toBe(401);
  });

  it('REST refuses form-encoded and over-1-MB bodies, and relays PostgREST’s 401 to a large body with a bad JWT', async () => {
    const rpc = (body: string, headers: Record<string, string>) =>
      fetch(`${stack().apiUrl}/rest/v1/rpc/is_app_owner`, { method: 'POST', body, headers: { apikey: stack().anonKey, ...headers } });
    const form = await rpc(`a=${'long text '.repeat(4000)}`, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ message: 'Form-encoded bodies are not accepted' });
    // Refused by its Content-Length before it is read: the gateway reads the rest and drops it, so
    // the client still writing it gets the 413, never a reset connection (EPIPE), every time.
    const huge = JSON.stringify({ x: 'h'.repeat(1024 * 1024) });
    const hugeStatuses = await Promise.all(Array.from({ length: 8 }, () => rpc(huge, { 'content-type': 'application/json' })));
    expect(hugeStatuses.map((r) => r.status)).toEqual(Array(8).fill(413));
    // The same body sent in chunks, with no Content-Length: refused once it passes 1 MB.
    const chunked = await fetch(`${stack().apiUrl}/rest/v1/rpc/is_app_owner`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
      body: new Blob([huge]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ message: 'The body is over 1048576 bytes' });
    // PostgREST refuses the JWT before it reads the body, then closes the connection: the gateway
    // must relay its 401 every time, not a 502, and serve the next request.
    const large = JSON.stringify({ x: 'h'.repeat(100_000) });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        rpc(large, { 'content-type': 'application/json', authorization: 'Bearer not.a.jwt' }).then((r) => r.status),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect((await rpc('{}', { 'content-type': 'application/json' })).status).toBe(200);
  });

  it('answers a token PostgREST would refuse with PostgREST’s own 401, and lets what it accepts through', async () => {
    const secret = new TextEncoder().encode(stack().jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const token = (claims: Record<string, unknown>) =>
      new SignJWT({ role: 'anon', ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const call = async (bearer: string) => {
      const res = await fetch(`${stack().apiUrl}/rest/v1/rpc/is_app_owner`, {
        method: 'POST',
        headers: { apikey: stack().anonKey, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect(await call(await token({ exp: now - 3600 }))).toEqual({
      status: 401,
      body: { code: 'PGRST301', details: null, hint: null, message: 'JWT expired' },
    });
    expect((await call(await token({ nbf: now + 3600 }))).body).toMatchObject({ code: 'PGRST301', message: 'JWTNotYetValid' });
    expect((await call(await token({ iat: now + 3600 }))).body).toMatchObject({ code: 'PGRST301', message: 'JWTIssuedAtFuture' });
    expect((await call('not.a.jwt')).status).toBe(401);
    // PostgREST allows 30 s of clock skew; so does the gateway.
    expect(await call(await token({ exp: now - 10 }))).toEqual({ status: 200, body: false });
  });

  it("a function that answers a body before reading it all leaves the client's kept-alive connections usable", async () => {
    const post = (body: string) =>
      fetch(`${stack().apiUrl}/functions/v1/submissions`, {
        method: 'POST',
        body,
        headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
      });
    // Answered (or not) within 15 s: a request stuck behind a body nobody reads is never answered.
    const answered = (reply: Promise<Response>) =>
      Promise.race([reply.then((r) => r.status), new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), 15_000))]);
    const huge = JSON.stringify({ confusion: 'h'.repeat(1024 * 1024) });
    for (let round = 0; round < 2; round++) {
      expect(await Promise.all(Array.from({ length: 3 }, () => answered(post(huge))))).toEqual([413, 413, 413]);
      // The same connections, reused by the next requests.
      expect(await Promise.all(Array.from({ length: 40 }, () => answered(post('{}'))))).toEqual(Array(40).fill(400));
    }
  });
});
