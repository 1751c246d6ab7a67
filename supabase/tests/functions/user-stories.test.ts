// The user-stories edge function through the gateway: server-issued session tokens, stories,
// one vote per token under concurrency, owner-only moderation decided by the caller's JWT.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, signInWithEmailCode, type SignedIn } from '../../../stack/testing.ts';
import { createStory, sha256 } from '../fixtures.ts';
import { awayFromMinuteBoundary, expectNoSecretsStored, fakeIp, invoke, raw, secrets } from './helpers.ts';

const story = (extra: Record<string, unknown> = {}) => ({
  title: `As a student, I want to ${randomUUID()}`,
  description: 'As a student, I want to test, so that it works.',
  submittedBy: null,
  impact: 5,
  confidence: 6,
  ease: 7,
  ...extra,
});

/** A visitor with its own address and a token the function issued. */
async function visitor() {
  const ip = fakeIp();
  const reply = await invoke('user-stories', { method: 'GET', headers: { 'x-forwarded-for': ip } });
  expect(reply.status).toBe(200);
  const token = reply.data.sessionToken as string;
  secrets.add(token);
  return { ip, token, headers: { 'x-forwarded-for': ip, 'x-session-token': token } };
}

const storyRow = async (id: string) =>
  (await db().query('select title, status, impact, merged_into_id from public.user_stories where id = $1', [id])).rows[0];
const votes = async (id: string) =>
  (await db().query('select count(*)::int as n from public.user_story_upvotes where user_story_id = $1', [id])).rows[0].n;

afterAll(async () => {
  await expectNoSecretsStored();
});

describe('GET /user-stories: the board and a server-issued session token', () => {
  it('issues a 256-bit token when none is sent and stores only its hash', async () => {
    const { token } = await visitor();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await db().query('select count(*)::int as n from public.anonymous_sessions where anonymous_token_hash = $1', [
      sha256(token),
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('keeps an issued token, replaces one it never issued, and lists stories with vote state', async () => {
    const v = await visitor();
    const again = await invoke('user-stories', { method: 'GET', headers: v.headers });
    expect(again.data.sessionToken).toBe(v.token);
    expect(Array.isArray(again.data.stories)).toBe(true);
    expect(again.data.stories[0]).toMatchObject({
      id: expect.any(String),
      title: expect.any(String),
      iceScore: expect.any(Number),
      upvoteCount: expect.any(Number),
      hasUpvoted: expect.any(Boolean),
    });
    const invented = `invented-${randomUUID()}`;
    secrets.add(invented);
    const replaced = await invoke('user-stories', { method: 'GET', headers: { 'x-forwarded-for': v.ip, 'x-session-token': invented } });
    expect(replaced.data.sessionToken).not.toBe(invented);
    secrets.add(replaced.data.sessionToken);
  });

  it('rate-limits token issuance per IP (30 a minute) with 429 and Retry-After', async () => {
    const ip = fakeIp();
    await awayFromMinuteBoundary();
    const replies = await Promise.all(
      Array.from({ length: 35 }, () => invoke('user-stories', { method: 'GET', headers: { 'x-forwarded-for': ip } })),
    );
    for (const r of replies) if (r.status === 200) secrets.add(r.data.sessionToken);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(30);
    const limited = replies.filter((r) => r.status === 429);
    expect(limited).toHaveLength(5);
    expect(limited[0].data.error).toBe('Too many new sessions from your network. Please try again in a minute.');
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts an IPv6 client by its /64, however its addresses rotate inside it', async () => {
    const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
    const addresses = Array.from({ length: 35 }, (_, i) => (i % 2 ? `${prefix}::${(i + 1).toString(16)}` : `${prefix}:0:${i}:a:${i}`));
    for (const a of addresses) secrets.add(a);
    await awayFromMinuteBoundary();
    const replies = await Promise.all(
      addresses.map((ip) => invoke('user-stories', { method: 'GET', headers: { 'x-forwarded-for': ip } })),
    );
    for (const r of replies) if (r.status === 200) secrets.add(r.data.sessionToken);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(30);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(5);
  });
});

describe('POST /user-stories: create with an issued token', () => {
  it('creates a story for a token holder, and refuses a missing or invented token', async () => {
    const v = await visitor();
    const created = await invoke('user-stories', { body: story({ submittedBy: '  Ada  ' }), headers: v.headers });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ submittedBy: 'Ada', status: 'submitted', iceScore: 18, upvoteCount: 0, hasUpvoted: false });
    const { rows } = await db().query('select session_token_hash from public.user_stories where id = $1', [created.data.id]);
    expect(rows[0].session_token_hash).toBe(sha256(v.token));

    const invented = `invented-${randomUUID()}`;
    secrets.add(invented);
    const refused = await Promise.all([
      invoke('user-stories', { body: story(), headers: { 'x-forwarded-for': v.ip } }),
      invoke('user-stories', { body: story(), headers: { 'x-forwarded-for': v.ip, 'x-session-token': invented } }),
    ]);
    for (const r of refused) {
      expect([r.status, r.data]).toEqual([401, { error: 'Your session is missing or has expired. Please reload the page and try again.' }]);
    }
  });

  it('validates with the shared story schema', async () => {
    const v = await visitor();
    const cases: [Record<string, unknown>, string][] = [
      [story({ impact: 0 }), 'Impact must be a whole number from 1 to 10'],
      [story({ confidence: 11 }), 'Confidence must be a whole number from 1 to 10'],
      [story({ ease: 2.5 }), 'Ease must be a whole number from 1 to 10'],
      [story({ title: '' }), 'Please fill in all required fields'],
      [story({ description: 'x'.repeat(1001) }), 'The story is too long'],
      [story({ status: 'done' }), 'Unknown field: "status"'],
      [story({ sessionToken: v.token }), 'Unknown field: "sessionToken"'],
    ];
    const replies = await Promise.all(cases.map(([body]) => invoke('user-stories', { body, headers: v.headers })));
    expect(replies.map((r) => [r.status, r.data.error])).toEqual(cases.map(([, e]) => [400, e]));
    const malformed = await raw('user-stories', { body: '{"title": "x",', headers: { ...v.headers, 'content-type': 'application/json' } });
    expect([malformed.status, malformed.data]).toEqual([400, { error: 'The request body is not valid JSON.' }]);
  });
});

describe('POST and DELETE /user-stories/{id}/upvote: one vote per token', () => {
  it('counts 20 concurrent upvotes with one token as one vote, and un-votes', async () => {
    const v = await visitor();
    const id = await createStory();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => invoke(`user-stories/${id}/upvote`, { method: 'POST', headers: v.headers })),
    );
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ hasUpvoted: true });
    }
    expect(await votes(id)).toBe(1);
    const listed = await invoke('user-stories', { method: 'GET', headers: v.headers });
    expect(listed.data.stories.find((s: { id: string }) => s.id === id)).toMatchObject({ upvoteCount: 1, hasUpvoted: true });

    const other = await visitor();
    const second = await invoke(`user-stories/${id}/upvote`, { method: 'POST', headers: other.headers });
    expect(second.data).toEqual({ upvoteCount: 2, hasUpvoted: true });

    const removed = await invoke(`user-stories/${id}/upvote`, { method: 'DELETE', headers: v.headers });
    expect([removed.status, removed.data]).toEqual([200, { upvoteCount: 1, hasUpvoted: false }]);
    expect(await votes(id)).toBe(1);
  });

  it('refuses votes without an issued token and for unknown stories', async () => {
    const v = await visitor();
    const id = await createStory();
    const invented = `invented-${randomUUID()}`;
    secrets.add(invented);
    const replies = await Promise.all([
      invoke(`user-stories/${id}/upvote`, { method: 'POST', headers: { 'x-forwarded-for': v.ip } }),
      invoke(`user-stories/${id}/upvote`, { method: 'POST', headers: { 'x-forwarded-for': v.ip, 'x-session-token': invented } }),
      invoke(`user-stories/${randomUUID()}/upvote`, { method: 'POST', headers: v.headers }),
      invoke('user-stories/not-a-story/upvote', { method: 'POST', headers: v.headers }),
    ]);
    expect(replies.map((r) => [r.status, r.data.error])).toEqual([
      [401, 'Please submit a user story first to enable voting'],
      [401, 'Please submit a user story first to enable voting'],
      [404, 'User story not found'],
      [404, 'User story not found'],
    ]);
    expect(await votes(id)).toBe(0);
  });
});

describe('owner operations: decided by the caller’s account, never by x-app-owner', () => {
  let owner: SignedIn;
  let professor: SignedIn;
  beforeAll(async () => {
    [owner, professor] = await Promise.all([signInWithEmailCode('professor@example.edu'), signInWithEmailCode()]);
  });

  it('refuses update, delete and merge to anonymous visitors and signed-in non-owners, with or without x-app-owner', async () => {
    const [id, other] = await Promise.all([createStory(), createStory()]);
    const before = await storyRow(id);
    const callers: { label: string; client?: SupabaseClient; headers: Record<string, string> }[] = [
      { label: 'anon', client: undefined, headers: {} },
      { label: 'anon + x-app-owner', client: undefined, headers: { 'x-app-owner': 'true' } },
      { label: 'professor', client: professor.client, headers: {} },
      { label: 'professor + x-app-owner', client: professor.client, headers: { 'x-app-owner': 'true' } },
    ];
    const replies = await Promise.all(
      callers.flatMap(({ client, headers }) => [
        invoke(`user-stories/${id}`, { method: 'PUT', body: { status: 'done' }, headers, client }),
        invoke(`user-stories/${id}`, { method: 'PUT', body: { title: 'Hijacked' }, headers, client }),
        invoke(`user-stories/${id}`, { method: 'DELETE', headers, client }),
        invoke('user-stories/merge', { body: { keepId: other, mergeId: id }, headers, client }),
      ]),
    );
    for (const r of replies) expect([r.status, r.data]).toEqual([403, { error: 'Only the app owner can do this' }]);
    // No Authorization header at all.
    const bare = await Promise.all([
      raw(`user-stories/${id}`, { method: 'DELETE', headers: { authorization: '', 'x-app-owner': 'true' } }),
      raw(`user-stories/${id}`, {
        method: 'PUT',
        body: JSON.stringify({ status: 'done' }),
        headers: { authorization: '', 'content-type': 'application/json', 'x-app-owner': 'true' },
      }),
    ]);
    for (const r of bare) expect(r.status).toBe(403);
    expect(await storyRow(id)).toEqual(before);
    expect(await storyRow(other)).toMatchObject({ merged_into_id: null });
  });

  it('lets the owner set a status, edit, merge and delete', async () => {
    const [id, keep, gone] = await Promise.all([createStory(), createStory(), createStory()]);
    const status = await invoke(`user-stories/${id}`, { method: 'PUT', body: { status: 'in_review' }, client: owner.client });
    expect([status.status, status.data.status]).toEqual([200, 'in_review']);

    const edited = await invoke(`user-stories/${id}`, {
      method: 'PUT',
      body: { title: 'As a professor, I want to edit', impact: 10, submittedBy: '' },
      client: owner.client,
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ title: 'As a professor, I want to edit', impact: 10, submittedBy: null, status: 'in_review' });
    expect(await storyRow(id)).toMatchObject({ title: 'As a professor, I want to edit', impact: 10, status: 'in_review' });

    const invalid = await Promise.all([
      invoke(`user-stories/${id}`, { method: 'PUT', body: { status: 'merged' }, client: owner.client }),
      invoke(`user-stories/${id}`, { method: 'PUT', body: { status: 'done', title: 'x' }, client: owner.client }),
      invoke(`user-stories/${id}`, { method: 'PUT', body: {}, client: owner.client }),
      invoke(`user-stories/${randomUUID()}`, { method: 'PUT', body: { status: 'done' }, client: owner.client }),
      invoke('user-stories/merge', { body: { keepId: keep, mergeId: keep }, client: owner.client }),
      invoke('user-stories/merge', { body: { keepId: keep, mergeId: randomUUID() }, client: owner.client }),
    ]);
    expect(invalid.map((r) => [r.status, r.data.error])).toEqual([
      [400, 'Unknown status'],
      [400, 'Unknown field: "title"'],
      [400, 'Nothing to update'],
      [404, 'User story not found'],
      [400, 'A story cannot be merged with itself'],
      [404, 'Both stories must exist and not be merged already'],
    ]);

    const v = await visitor();
    await invoke(`user-stories/${gone}/upvote`, { method: 'POST', headers: v.headers });
    const merged = await invoke('user-stories/merge', { body: { keepId: keep, mergeId: gone }, client: owner.client });
    expect(merged.status).toBe(200);
    expect(merged.data).toMatchObject({ id: keep, upvoteCount: 1 });
    expect(await storyRow(gone)).toMatchObject({ merged_into_id: keep });

    const deleted = await invoke(`user-stories/${id}`, { method: 'DELETE', client: owner.client });
    expect([deleted.status, deleted.data]).toEqual([200, { id, deleted: true }]);
    expect(await storyRow(id)).toBeUndefined();
    const again = await invoke(`user-stories/${id}`, { method: 'DELETE', client: owner.client });
    expect([again.status, again.data]).toEqual([404, { error: 'User story not found' }]);
  });
});
