// Clients of a running stack that need only its addresses (Supabase clients, a database pool, the
// inbox, signing in by e-mail code, a browser's session cookies): used by Vitest
// (testing/vitest.ts), Playwright (web/e2e/support/stack.ts) and the benchmarks (bench/). The
// stack's own code never imports it.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { TEST_CLOCK_HEADER } from '../supabase/functions/_shared/clock.ts';
import type { StackInfo } from './config.ts';

const REQUEST_DEADLINE_MS = 45_000;

/**
 * A header that pins the functions' clock for the per-minute limits, at one second into the
 * current minute (the test stack alone honours it: supabase/functions/_shared/clock.ts). Every
 * request that carries it counts in the same window, however long a test takes on a busy machine,
 * so no test waits for a minute to turn.
 */
export function pinnedClock(): Record<string, string> {
  return { [TEST_CLOCK_HEADER]: new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000).toISOString() };
}

/**
 * A request that gets no answer fails after 45 s, naming itself: a test's own 60 s limit says
 * only that the test took too long (twice on CI, a user-stories POST among twenty-two at once).
 */
const fetchWithDeadline: typeof fetch = async (input, init) => {
  const deadline = AbortSignal.timeout(REQUEST_DEADLINE_MS);
  try {
    return await fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
  } catch (error) {
    if (!deadline.aborted) throw error;
    const url = input instanceof Request ? input.url : String(input);
    throw new Error(`no answer within ${REQUEST_DEADLINE_MS / 1000} s to ${init?.method ?? 'GET'} ${url.split('?')[0]}`, { cause: error });
  }
};

// Node 20 has no global WebSocket; supabase-js builds its realtime client eagerly and needs one.
const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  global: { fetch: fetchWithDeadline },
};

export function createTestClient(stack: StackInfo, key: 'anon' | 'service'): SupabaseClient {
  return createClient(stack.apiUrl, key === 'anon' ? stack.anonKey : stack.serviceRoleKey, clientOptions);
}

/** A client acting as whoever holds `accessToken` (a session a test took from a sign-in link). */
export function createTokenClient(stack: StackInfo, accessToken: string): SupabaseClient {
  return createClient(stack.apiUrl, stack.anonKey, {
    ...clientOptions,
    global: { ...clientOptions.global, headers: { Authorization: `Bearer ${accessToken}` } },
  });
}

const pools = new Map<string, pg.Pool>();
/** A connection straight to Postgres as `postgres` (as on hosted: not a superuser), for arranging data and checking rows. */
export function databasePool(stack: StackInfo): pg.Pool {
  let pool = pools.get(stack.dbUrl);
  if (!pool) {
    pool = new pg.Pool({ connectionString: stack.dbUrl, max: 4 });
    // An idle connection dropped by the server (e.g. a Postgres restart) must not crash the run.
    pool.on('error', () => {});
    pools.set(stack.dbUrl, pool);
  }
  return pool;
}

export function uniqueEmail(prefix = 'professor'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.edu`;
}

/** A course code no other test uses, e.g. "T 3F9A21". */
export function uniqueCourseCode(prefix = 'T'): string {
  return `${prefix} ${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export interface InboxMessage {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
}

/** The newest e-mail sent to `email` (after `since`, if given), as the local inbox holds it. */
export async function latestEmail(stack: StackInfo, email: string, since?: Date): Promise<InboxMessage> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await fetch(`${stack.inboxUrl}/api/v1/latest?to=${encodeURIComponent(email)}`);
    if (res.ok) {
      const message = (await res.json()) as InboxMessage & { Date?: string; Created?: string };
      const sent = new Date(message.Date ?? message.Created ?? 0);
      if (!since || sent >= since) return message;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no e-mail arrived for ${email}`);
}

export function sixDigitCode(message: InboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.Text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the e-mail: ${message.Text}`);
  return code;
}

export function magicLink(message: InboxMessage): string {
  const link = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(message.Text)?.[1];
  if (!link) throw new Error(`no magic link in the e-mail: ${message.Text}`);
  return link;
}

export interface SignedIn {
  client: SupabaseClient;
  userId: string;
  email: string;
  accessToken: string;
}

/**
 * Signs a (new) professor in the way a person does: e-mail code from the inbox. Auth sends one
 * e-mail per address per second and a new code replaces the last, so tests that sign the same
 * account in at once (the demo owner) may collide: each then waits and starts over.
 */
export async function signInWithEmailCode(stack: StackInfo, email = uniqueEmail()): Promise<SignedIn> {
  const client = createTestClient(stack, 'anon');
  for (let attempt = 1; ; attempt++) {
    const asked = new Date(Date.now() - 1000);
    const { error } = await client.auth.signInWithOtp({ email });
    const collided = error?.status === 429;
    if (error && !collided) throw error;
    if (!collided) {
      const code = sixDigitCode(await latestEmail(stack, email, asked));
      const { data, error: verifyError } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
      if (data.session && data.user) {
        return { client, userId: data.user.id, email, accessToken: data.session.access_token };
      }
      if (verifyError?.status !== 403) throw verifyError ?? new Error('no session');
    }
    if (attempt === 10) throw new Error(`could not sign ${email} in after ${attempt} attempts`);
    await new Promise((r) => setTimeout(r, 1100 + Math.random() * 500));
  }
}

/**
 * Signs `email` in without an e-mail, for fixtures of an account that tests share (the demo
 * owner): the admin API's generateLink gives the code a sign-in e-mail would carry, so the
 * once-a-second e-mail limit does not apply. Two tests asking at once can replace each other's
 * code (the user has one at a time): the loser asks again at once, with no wait.
 */
export async function signInWithAdminLink(stack: StackInfo, email: string): Promise<SignedIn> {
  const admin = createTestClient(stack, 'service');
  for (let attempt = 1; ; attempt++) {
    const { data: link, error } = await admin.auth.admin.generateLink({ type: 'magiclink', email });
    if (error) throw error;
    const client = createTestClient(stack, 'anon');
    const { data, error: verifyError } = await client.auth.verifyOtp({ token_hash: link.properties.hashed_token, type: 'magiclink' });
    if (data.session && data.user) return { client, userId: data.user.id, email, accessToken: data.session.access_token };
    if (verifyError?.status !== 403 || attempt === 10) throw verifyError ?? new Error('no session');
  }
}

export interface BrowserCookie {
  name: string;
  value: string;
  url: string;
  sameSite: 'Lax';
}

/**
 * `client`'s session as the cookies @supabase/ssr keeps it in, so a browser given them starts
 * signed in: `sb-<first label of the API host>-auth-token` holding "base64-" + base64url(session
 * JSON), split into `.0`, `.1`, … above 3180 characters.
 */
export async function sessionCookies(stack: StackInfo, client: SupabaseClient, baseURL: string): Promise<BrowserCookie[]> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session to put in the browser');
  const key = `sb-${new URL(stack.apiUrl).hostname.split('.')[0]}-auth-token`;
  const value = `base64-${Buffer.from(JSON.stringify(data.session)).toString('base64url')}`;
  const CHUNK = 3180;
  const chunks = value.length <= CHUNK ? [value] : (value.match(new RegExp(`.{1,${CHUNK}}`, 'g')) ?? []);
  return chunks.map((chunk, index) => ({
    name: chunks.length === 1 ? key : `${key}.${index}`,
    value: chunk,
    url: baseURL,
    sameSite: 'Lax' as const,
  }));
}
