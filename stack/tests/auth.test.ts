import { isAuthApiError, isAuthSessionMissingError, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET } from '../config.ts';
import {
  ALLOWED_REDIRECT,
  anonClient,
  codeIn,
  latestMail,
  linkIn,
  pkceClient,
  serviceClient,
  SITE_URL,
  startAuthHarness,
  uniqueEmail,
  type AuthHarness,
} from './auth-harness.ts';

// The local auth service, exercised through supabase-js as the web app and the tests use it.
let h: AuthHarness;

beforeAll(async () => {
  h = await startAuthHarness();
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

async function requestCode(client: SupabaseClient, email: string, options?: { emailRedirectTo?: string; data?: object }) {
  const { error } = await client.auth.signInWithOtp({ email, options });
  expect(error).toBeNull();
  return latestMail(h, email);
}

async function signIn(email = uniqueEmail()) {
  const client = anonClient(h);
  const code = codeIn(await requestCode(client, email));
  const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
  expect(error).toBeNull();
  return { client, email, session: data.session!, user: data.user! };
}

function follow(link: string) {
  return fetch(link, { redirect: 'manual' });
}

describe('e-mail code', () => {
  it('signs in with the code from the inbox: a Supabase-shaped session for a real auth.users row', async () => {
    const email = uniqueEmail();
    const client = anonClient(h);
    const mail = await requestCode(client, email, { data: { first_name: 'Ada' } });
    expect(mail.Subject).toBe('Your Magic Link');
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);

    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session!.refresh_token).toBeTruthy();
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Ada' },
      is_anonymous: false,
    });
    expect(user!.email_confirmed_at).toBeTruthy();
    expect(user!.confirmed_at).toBeTruthy();
    expect(user!.last_sign_in_at).toBeTruthy();
    expect(user!.identities).toHaveLength(1);
    expect(user!.identities![0]).toMatchObject({ provider: 'email', id: user!.id, user_id: user!.id });

    const { payload, protectedHeader } = await jwtVerify(session!.access_token, new TextEncoder().encode(DEMO_JWT_SECRET));
    expect(protectedHeader).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      iss: `${h.url}/auth/v1`,
      sub: user!.id,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Ada' },
      is_anonymous: false,
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(session!.expires_at).toBe(payload.exp);
    expect(payload.session_id).toEqual(expect.any(String));
    expect(payload.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    const row = await h.db.query(
      'select aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data from auth.users where id = $1',
      [user!.id],
    );
    expect(row.rows[0]).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      raw_user_meta_data: { first_name: 'Ada' },
    });
    // A real INSERT: the profiles trigger of the migrations fired (once that migration exists).
    const profiles = await h.db.query(`select to_regclass('public.profiles') as t`);
    if (profiles.rows[0].t) {
      const profile = await h.db.query('select email, first_name from public.profiles where id = $1', [user!.id]);
      expect(profile.rows[0]).toEqual({ email, first_name: 'Ada' });
    }
  });

  it('accepts a code once, and answers a wrong or used code with 403 otp_expired', async () => {
    const email = uniqueEmail();
    const client = anonClient(h);
    const code = codeIn(await requestCode(client, email));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const bad = await client.auth.verifyOtp({ email, token: wrong, type: 'email' });
    expect(bad.data.session).toBeNull();
    expect(bad.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });

    expect((await client.auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
    const again = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });

    // The stored token is a hash, never the code itself.
    const tokens = await h.db.query('select token_hash from auth.one_time_tokens where relates_to = $1', [email]);
    expect(tokens.rows.every((r) => !r.token_hash.includes(code))).toBe(true);
  });

  it('refuses a second e-mail to the same address within a second (over_email_send_rate_limit)', async () => {
    const email = uniqueEmail();
    const client = anonClient(h);
    await requestCode(client, email);
    const { error } = await client.auth.signInWithOtp({ email });
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('creates no user when shouldCreateUser is false', async () => {
    const email = uniqueEmail();
    const { error } = await anonClient(h).auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error).toMatchObject({ status: 422, code: 'otp_disabled' });
    const rows = await h.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows.rowCount).toBe(0);
  });
});

describe('magic link', () => {
  it('PKCE: the link redirects to redirect_to?code=…, which exchangeCodeForSession turns into a session', async () => {
    const email = uniqueEmail();
    const client = pkceClient(h);
    const link = linkIn(await requestCode(client, email, { emailRedirectTo: ALLOWED_REDIRECT }));
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);

    const res = await follow(link);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(ALLOWED_REDIRECT);
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(decodeJwt(data.session!.access_token)).toMatchObject({ sub: data.user!.id, aal: 'aal1' });

    // An auth code works once.
    const again = await pkceClient(h).auth.exchangeCodeForSession(code);
    expect(again.error).toBeTruthy();
  });

  it('implicit: the link redirects with the session in the fragment, and works once', async () => {
    const email = uniqueEmail();
    const client = anonClient(h);
    const link = linkIn(await requestCode(client, email, { emailRedirectTo: ALLOWED_REDIRECT }));

    const res = await follow(link);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(ALLOWED_REDIRECT);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('magiclink');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    expect(fragment.get('refresh_token')).toBeTruthy();
    const { data } = await client.auth.getUser(fragment.get('access_token')!);
    expect(data.user?.email).toBe(email);

    const reused = new URL((await follow(link)).headers.get('location')!);
    const error = new URLSearchParams(reused.hash.slice(1));
    expect(error.get('error')).toBe('access_denied');
    expect(error.get('error_code')).toBe('otp_expired');
    expect(error.get('error_description')).toBeTruthy();
  });

  it('falls back to site_url when redirect_to is not on the allow-list', async () => {
    const email = uniqueEmail();
    const link = linkIn(await requestCode(anonClient(h), email, { emailRedirectTo: 'https://evil.example.com/steal' }));
    expect(new URL(link).searchParams.get('redirect_to')).toBe(SITE_URL);
    const res = await follow(link);
    expect(res.headers.get('location')!.startsWith(`${SITE_URL}/#access_token=`)).toBe(true);
  });
});

describe('sessions', () => {
  it('refreshSession rotates the refresh token; an old one replayed after the reuse interval ends the session', async () => {
    const { client, session } = await signIn();
    const { data, error } = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    const revoked = await h.db.query('select revoked from auth.refresh_tokens where user_id = $1 order by id', [data.user!.id]);
    expect(revoked.rows.map((r) => r.revoked)).toEqual([true, false]);

    // Within the reuse interval (10 s) a replay still refreshes: two tabs racing must not sign out.
    const racing = await anonClient(h).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(racing.error).toBeNull();

    // Pretend the reuse interval has passed: replaying the old token is now treated as theft.
    await h.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where user_id = $1 and revoked`, [
      data.user!.id,
    ]);
    const replay = await anonClient(h).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const after = await anonClient(h).auth.getUser(data.session!.access_token);
    expect(isAuthSessionMissingError(after.error)).toBe(true);
  });

  it('getUser works until signOut; the old access token is refused afterwards', async () => {
    const { client, session, email } = await signIn();
    const me = await client.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user?.email).toBe(email);

    expect((await client.auth.signOut()).error).toBeNull();
    const after = await anonClient(h).auth.getUser(session.access_token);
    expect(after.data.user).toBeNull();
    expect(isAuthSessionMissingError(after.error)).toBe(true);
    const refresh = await anonClient(h).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('updateUser merges user_metadata', async () => {
    const { client } = await signIn();
    const { data, error } = await client.auth.updateUser({ data: { first_name: 'Grace', last_name: 'Hopper' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
    const cleared = await client.auth.updateUser({ data: { last_name: null } });
    expect(cleared.data.user?.user_metadata).toEqual({ first_name: 'Grace' });
  });
});

describe('passwords and the admin API', () => {
  it('auth.admin.createUser needs the service role', async () => {
    const email = uniqueEmail('admin-made');
    const refused = await anonClient(h).auth.admin.createUser({ email, password: 'secret-123' });
    expect(refused.error).toMatchObject({ status: 403, code: 'not_admin' });

    const { data, error } = await serviceClient(h).auth.admin.createUser({
      email,
      password: 'secret-123',
      email_confirm: true,
      user_metadata: { first_name: 'Ada' },
      app_metadata: { plan: 'demo' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { first_name: 'Ada' },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'demo' },
    });
    expect(data.user!.email_confirmed_at).toBeTruthy();

    const duplicate = await serviceClient(h).auth.admin.createUser({ email, password: 'secret-123' });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('signInWithPassword for an admin-created user; a wrong password is 400 invalid_credentials', async () => {
    const email = uniqueEmail('pw');
    await serviceClient(h).auth.admin.createUser({ email, password: 'secret-123', email_confirm: true });
    const client = anonClient(h);
    const wrong = await client.auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect(isAuthApiError(wrong.error)).toBe(true);

    const { data, error } = await client.auth.signInWithPassword({ email, password: 'secret-123' });
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token).amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('signInWithPassword accepts a pgcrypto bcrypt hash written by a seed', async () => {
    const email = uniqueEmail('seeded');
    await h.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
         extensions.crypt('seeded-pass', extensions.gen_salt('bf')), now(),
         '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [email],
    );
    const { data, error } = await anonClient(h).auth.signInWithPassword({ email, password: 'seeded-pass' });
    expect(error).toBeNull();
    // Seeded users have no identity row; the user still carries its e-mail identity.
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', id: data.user!.id });
  });

  it('admin lists, reads, updates and deletes users', async () => {
    const admin = serviceClient(h).auth.admin;
    const { data: created } = await admin.createUser({ email: uniqueEmail('crud'), email_confirm: true });
    const id = created.user!.id;

    const list = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(list.error).toBeNull();
    expect(list.data.users.some((u) => u.id === id)).toBe(true);

    expect((await admin.getUserById(id)).data.user?.id).toBe(id);
    const updated = await admin.updateUserById(id, { user_metadata: { first_name: 'Updated' } });
    expect(updated.data.user?.user_metadata).toEqual({ first_name: 'Updated' });

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('admin generateLink returns a code that verifyOtp accepts', async () => {
    const email = uniqueEmail('link');
    const { data, error } = await serviceClient(h).auth.admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    const properties = data.properties!;
    expect(properties.email_otp).toMatch(/^\d{6}$/);
    expect(properties.action_link).toContain(`token=${properties.hashed_token}`);
    const verified = await anonClient(h).auth.verifyOtp({ token_hash: properties.hashed_token, type: 'magiclink' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
  });
});

describe('other endpoints', () => {
  it('answers /settings, /health and an OAuth /authorize like a GoTrue with only e-mail enabled', async () => {
    const settings = await (await fetch(`${h.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ external: { email: true, phone: false }, disable_signup: false });
    expect((await fetch(`${h.url}/auth/v1/health`)).status).toBe(200);

    // signInWithOAuth only builds this URL; the browser would open it.
    const { data } = await anonClient(h).auth.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true } });
    const res = await fetch(data.url!);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' });
  });

  it('answers clients without an API version with the legacy error shape', async () => {
    const res = await fetch(`${h.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), token: '123456', type: 'email' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' });
  });
});
