// Forged credentials, through the gateway to PostgREST (tables and /rpc, reads and writes), both
// edge functions and the auth service: `alg: none`, HS256 under another secret, the right key but
// expired or not yet valid, service_role claims under the anon key's signature, a professor's token
// with its `sub` changed, an apikey that is not ours, a valid token of a deleted user. Each is
// refused (or, for what anonymous visitors may do anyway, gets no more than they do), and nothing
// is read or written.
import { availableParallelism } from 'node:os';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, serviceClient, signInWithEmailCode, stack, uniqueCourseCode, type SignedIn } from '../../../testing/vitest.ts';
import { createCourse, createQuickSubmission, createSession, createStory } from '../fixtures.ts';
import { expectNoSecretsStored, fakeIp } from '../functions/helpers.ts';
import { changedCounts, isRefusalBody, publicTables, rowCounts, send, type RawReply } from './support.ts';

const encoder = new TextEncoder();
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A JWT with the header and claims given, signed with HS256 under `secret`. */
function sign(claims: Record<string, unknown>, secret: string, header: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(encoder.encode(secret));
}

/** The token with its claims replaced and its signature kept (what editing a JWT by hand gives). */
function withClaims(token: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${b64(change(decodeJwt(token) as Record<string, unknown>))}.${signature}`;
}

let owner: SignedIn; // a professor who is also an app owner: the prize
let other: SignedIn; // another professor, whose token gets its sub changed to the owner's
let deleted: SignedIn; // signed in, then deleted
let courseId: string;
let sessionId: string;
let submissionId: string;
let storyId: string;
let tables: string[];
let countsBefore: Record<string, number>;
let rowsBefore: unknown;
/** Text that must never appear in an answer to a forged credential. */
let needles: string[];

async function fixtureRows() {
  const { rows } = await db().query(
    `select
       (select to_jsonb(c) from public.courses c where c.id = $1) as course,
       (select to_jsonb(s) from public.submissions s where s.id = $2) as submission,
       (select to_jsonb(u) from public.user_stories u where u.id = $3) as story,
       (select count(*)::int from public.submission_replies where submission_id = $2) as replies,
       (select count(*)::int from public.class_sessions where course_id = $1) as sessions,
       (select count(*)::int from public.courses where owner_id = any($4::uuid[])) as courses_of_professors,
       (select count(*)::int from auth.users where id = any($4::uuid[])) as users`,
    [courseId, submissionId, storyId, [owner.userId, other.userId, deleted.userId]],
  );
  return rows[0];
}

beforeAll(async () => {
  [owner, other, deleted] = await Promise.all([signInWithEmailCode(), signInWithEmailCode(), signInWithEmailCode()]);
  await db().query('insert into public.app_owners (user_id) values ($1)', [owner.userId]);
  courseId = (await createCourse(owner.userId)).id;
  sessionId = (await createSession(courseId)).id;
  submissionId = await createQuickSubmission(courseId, sessionId, { topic: 'Forged-credentials fixture' });
  storyId = await createStory({ title: 'As a student, I want forged tokens refused' });
  await createCourse(deleted.userId);
  const { error } = await serviceClient().auth.admin.deleteUser(deleted.userId);
  if (error) throw error;
  needles = [owner.email, other.email, deleted.email, submissionId, 'Forged-credentials fixture', owner.userId];
  tables = await publicTables();
  [countsBefore, rowsBefore] = await Promise.all([rowCounts(tables), fixtureRows()]);
});

afterAll(async () => {
  await expectNoSecretsStored();
});

interface Forgery {
  name: string;
  /** Authorization: Bearer … */
  token: () => Promise<string>;
  /** The apikey header (ours unless the forgery is about it). */
  apikey?: () => Promise<string>;
}

const ownerClaims = () => decodeJwt(owner.accessToken) as Record<string, unknown>;
const OTHER_SECRET = 'another-project-secret-that-is-at-least-32-characters';

const forgeries: Forgery[] = [
  {
    name: 'alg: none (the owner’s claims, no signature)',
    token: async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(ownerClaims())}.`,
  },
  {
    name: 'HS256 signed with another secret',
    token: () => sign(ownerClaims(), OTHER_SECRET),
  },
  {
    name: 'the right key, expired',
    token: () => sign({ ...ownerClaims(), iat: now() - 7200, exp: now() - 3600 }, stack().jwtSecret),
  },
  {
    name: 'the right key, not yet valid (nbf and iat in the future)',
    token: () => sign({ ...ownerClaims(), iat: now() + 3600, nbf: now() + 3600, exp: now() + 7200 }, stack().jwtSecret),
  },
  {
    name: 'role: service_role under the anon key’s signature',
    token: async () => withClaims(stack().anonKey, (c) => ({ ...c, role: 'service_role' })),
  },
  {
    name: 'role: postgres under the anon key’s signature',
    token: async () => withClaims(stack().anonKey, (c) => ({ ...c, role: 'postgres' })),
  },
  {
    name: 'role: service_role signed with another secret',
    token: () => sign({ iss: 'supabase-demo', role: 'service_role', exp: now() + 3600 }, OTHER_SECRET),
  },
  {
    name: 'another professor’s token with its sub changed to the owner’s',
    token: async () => withClaims(other.accessToken, (c) => ({ ...c, sub: owner.userId, email: owner.email })),
  },
  {
    name: 'an apikey that is not ours (another project’s anon key, sent as apikey and Bearer)',
    token: () => sign({ iss: 'supabase-demo', role: 'anon', exp: now() + 3600 }, OTHER_SECRET),
    apikey: () => sign({ iss: 'supabase-demo', role: 'anon', exp: now() + 3600 }, OTHER_SECRET),
  },
];

/** A signed, unexpired token of a user who no longer exists. */
const deletedUser: Forgery = { name: 'a valid token of a deleted user', token: async () => deleted.accessToken };

interface Attempt {
  what: string;
  method: string;
  path: string;
  body?: unknown;
}

const postgrestAttempts = (): Attempt[] => [
  { what: 'read submissions', method: 'GET', path: `/rest/v1/submissions?select=*&course_id=eq.${courseId}` },
  { what: 'read profiles', method: 'GET', path: '/rest/v1/profiles?select=*' },
  { what: 'read class sessions', method: 'GET', path: `/rest/v1/class_sessions?select=*&course_id=eq.${courseId}` },
  { what: 'read rate-limit counters', method: 'GET', path: '/rest/v1/rate_limit_buckets?select=*' },
  { what: 'read voting sessions', method: 'GET', path: '/rest/v1/anonymous_sessions?select=*' },
  { what: 'read replies', method: 'GET', path: '/rest/v1/submission_replies?select=*' },
  { what: 'rpc my_courses', method: 'POST', path: '/rest/v1/rpc/my_courses', body: {} },
  { what: 'rpc dashboard_stats', method: 'POST', path: '/rest/v1/rpc/dashboard_stats', body: { course_id: courseId } },
  { what: 'rpc live_session', method: 'POST', path: '/rest/v1/rpc/live_session', body: { course_id: courseId } },
  { what: 'rpc active_session', method: 'POST', path: '/rest/v1/rpc/active_session', body: { course_id: courseId } },
  {
    what: 'insert a course',
    method: 'POST',
    path: '/rest/v1/courses',
    body: { name: 'Forged', code: uniqueCourseCode('F'), timezone: 'UTC' },
  },
  { what: 'rename the owner’s course', method: 'PATCH', path: `/rest/v1/courses?id=eq.${courseId}`, body: { name: 'Hijacked' } },
  { what: 'delete the owner’s course', method: 'DELETE', path: `/rest/v1/courses?id=eq.${courseId}` },
  {
    what: 'mark a submission reviewed',
    method: 'PATCH',
    path: `/rest/v1/submissions?id=eq.${submissionId}`,
    body: { reviewed_at: new Date().toISOString() },
  },
  { what: 'delete a story', method: 'DELETE', path: `/rest/v1/user_stories?id=eq.${storyId}` },
  { what: 'rpc create_today_session', method: 'POST', path: '/rest/v1/rpc/create_today_session', body: { course_id: courseId } },
  { what: 'rpc mark_reviewed', method: 'POST', path: '/rest/v1/rpc/mark_reviewed', body: { ids: [submissionId] } },
  {
    what: 'rpc reply_to_submission',
    method: 'POST',
    path: '/rest/v1/rpc/reply_to_submission',
    body: { submission_id: submissionId, body: 'Forged reply' },
  },
  {
    what: 'rpc merge_user_stories',
    method: 'POST',
    path: '/rest/v1/rpc/merge_user_stories',
    body: { keep_id: storyId, merge_id: storyId },
  },
  {
    what: 'rpc create_submission (service only)',
    method: 'POST',
    path: '/rest/v1/rpc/create_submission',
    body: {
      p_course_id: courseId,
      p_session: sessionId,
      p_kind: 'quick',
      p_content: {},
      p_edit_token_hash: 'f'.repeat(64),
      p_device_key: null,
      p_ip_key: null,
    },
  },
  {
    what: 'rpc submission_for_edit (service only)',
    method: 'POST',
    path: '/rest/v1/rpc/submission_for_edit',
    body: { p_id: submissionId },
  },
  {
    what: 'rpc invite_to_course',
    method: 'POST',
    path: '/rest/v1/rpc/invite_to_course',
    body: { course_id: courseId, email: 'forged@example.edu', role: 'co_instructor' },
  },
  {
    what: 'join the owner’s team directly',
    method: 'POST',
    path: '/rest/v1/course_members',
    body: { course_id: courseId, user_id: '00000000-0000-4000-8000-000000000000', role: 'co_instructor', email: 'forged@example.edu' },
  },
  { what: 'rpc set_submission_hidden', method: 'POST', path: '/rest/v1/rpc/set_submission_hidden', body: { ids: [submissionId] } },
  { what: 'rpc delete_course_feedback', method: 'POST', path: '/rest/v1/rpc/delete_course_feedback', body: { course_id: courseId } },
];

/** The team function has verify_jwt on: the gateway refuses a forgery in Supabase's own shape ({ code, message }). */
const teamAttempts = (): Attempt[] => [
  {
    what: 'team: invite a co-instructor to the owner’s course',
    method: 'POST',
    path: '/functions/v1/team',
    body: { courseId, email: 'forged@example.edu', role: 'co_instructor' },
  },
];

const functionAttempts = (): Attempt[] => [
  { what: 'user-stories: change a story’s status', method: 'PUT', path: `/functions/v1/user-stories/${storyId}`, body: { status: 'done' } },
  { what: 'user-stories: delete a story', method: 'DELETE', path: `/functions/v1/user-stories/${storyId}` },
  { what: 'user-stories: merge', method: 'POST', path: '/functions/v1/user-stories/merge', body: { keepId: storyId, mergeId: storyId } },
  { what: 'submissions: read a submission without its edit token', method: 'GET', path: `/functions/v1/submissions/${submissionId}` },
  {
    what: 'submissions: edit a submission without its edit token',
    method: 'PUT',
    path: `/functions/v1/submissions/${submissionId}`,
    body: { topic: 'Hijacked', confusion: 'A forged credential wrote this.', difficultyLevel: 'very' },
  },
];

const authAttempts = (): Attempt[] => [
  { what: 'auth: the user', method: 'GET', path: '/auth/v1/user' },
  { what: 'auth: change the user', method: 'PUT', path: '/auth/v1/user', body: { data: { first_name: 'Forged' } } },
  { what: 'auth: list users (admin)', method: 'GET', path: '/auth/v1/admin/users' },
  { what: 'auth: delete the owner (admin)', method: 'DELETE', path: `/auth/v1/admin/users/${'00000000-0000-4000-8000-000000000000'}` },
];

async function attempt(forgery: Forgery, a: Attempt): Promise<RawReply> {
  const token = await forgery.token();
  const apikey = forgery.apikey ? await forgery.apikey() : stack().anonKey;
  const reply = await send({
    method: a.method,
    path: a.path,
    headers: [
      ['apikey', apikey],
      ['authorization', `Bearer ${token}`],
      ['x-forwarded-for', fakeIp()],
      ...(a.body === undefined ? [] : [['content-type', 'application/json'] as [string, string]]),
      ['prefer', 'return=representation'],
    ],
    body: a.body === undefined ? undefined : encoder.encode(JSON.stringify(a.body)),
  });
  if (reply === 'closed') throw new Error(`${a.what}: connection closed`);
  return reply;
}

/** An answer that carries no data: empty, zero, null, or made only of those. */
function holdsNothing(value: unknown): boolean {
  if (value === null || value === 0 || value === false || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as object).every(holdsNothing);
  return false;
}

/** Refused: a 4xx whose body is an error object (no rows), or for a validly signed token an empty read. */
function expectRefused(forgery: Forgery, a: Attempt, reply: RawReply, fromFunction: boolean) {
  const label = `${forgery.name} → ${a.what}: ${reply.status} ${reply.text.slice(0, 300)}`;
  for (const needle of needles) expect(reply.text, label).not.toContain(needle);
  if (forgery === deletedUser && reply.status >= 200 && reply.status < 300) {
    // A validly signed token of someone who no longer exists: PostgREST cannot know, so what it
    // may get is what a professor without courses gets: nothing.
    expect(holdsNothing(JSON.parse(reply.text)), label).toBe(true);
    return;
  }
  expect(reply.status, label).toBeGreaterThanOrEqual(400);
  expect(reply.status, label).toBeLessThan(500);
  const body = JSON.parse(reply.text) as Record<string, unknown>;
  expect(Array.isArray(body), label).toBe(false);
  if (fromFunction) expect(isRefusalBody(body), label).toBe(true);
}

describe.each([...forgeries, deletedUser])('$name', (forgery) => {
  it('PostgREST: every read and write is refused, no row comes back', async () => {
    for (const a of postgrestAttempts()) expectRefused(forgery, a, await attempt(forgery, a), false);
  });

  it('the edge functions: owner operations refused, a submission neither read nor changed', async () => {
    for (const a of functionAttempts()) expectRefused(forgery, a, await attempt(forgery, a), true);
    for (const a of teamAttempts()) expectRefused(forgery, a, await attempt(forgery, a), false);
  });

  it('auth: the user is not found, nothing changes, the admin API is closed', async () => {
    for (const a of authAttempts()) expectRefused(forgery, a, await attempt(forgery, a), false);
  });
});

describe('an API key that is not ours, or none, without a Bearer token', () => {
  // Without a Bearer token PostgREST serves anon, whatever key came with the request: the gateway
  // must refuse another project's key (and a missing one) itself, as Supabase's does.
  it.each([
    {
      key: 'another project’s anon key',
      apikey: () => sign({ iss: 'supabase-demo', role: 'anon', exp: now() + 3600 }, OTHER_SECRET),
      message: 'Invalid API key',
    },
    { key: 'a made-up key', apikey: async () => 'sb_publishable_not_ours', message: 'Invalid API key' },
    { key: 'no key at all', apikey: async () => undefined, message: 'No API key found in request' },
  ])('$key: PostgREST and auth answer 401 before reading or writing anything', async ({ apikey, message }) => {
    const key = await apikey();
    for (const a of [...postgrestAttempts(), ...authAttempts()]) {
      const reply = await send({
        method: a.method,
        path: a.path,
        headers: [
          ...(key ? [['apikey', key] as [string, string]] : []),
          ['x-forwarded-for', fakeIp()],
          ...(a.body === undefined ? [] : [['content-type', 'application/json'] as [string, string]]),
        ],
        body: a.body === undefined ? undefined : encoder.encode(JSON.stringify(a.body)),
      });
      if (reply === 'closed') throw new Error(`${a.what}: connection closed`);
      expect(reply.status, `${a.what}: ${reply.text}`).toBe(401);
      expect((JSON.parse(reply.text) as { message: string }).message, a.what).toBe(message);
    }
  });
});

describe('after every forged credential', () => {
  it('nothing was written: the fixture rows, and row counts of every table', async () => {
    const [countsAfter, rowsAfter] = await Promise.all([rowCounts(tables), fixtureRows()]);
    expect(rowsAfter).toEqual(rowsBefore);
    // rate_limit_buckets may count the requests (that is what it is for); every other table is
    // exact when no other test file runs at the same time (Vitest's default on 2 cores, CI's).
    const changed = changedCounts(countsBefore, countsAfter).filter((c) => !c.startsWith('rate_limit_buckets:'));
    if (availableParallelism() <= 2) expect(changed).toEqual([]);
    else if (changed.length) console.log(`forged: other test files wrote meanwhile: ${changed.join(', ')}`);
  });

  it('the real owner token still works (the refusals were about the forgeries)', async () => {
    const reply = await attempt(
      { name: 'the owner', token: async () => owner.accessToken },
      {
        what: 'rpc my_courses',
        method: 'POST',
        path: '/rest/v1/rpc/my_courses',
        body: {},
      },
    );
    expect(reply.status).toBe(200);
    expect((JSON.parse(reply.text) as { id: string }[]).map((c) => c.id)).toContain(courseId);
  });
});
