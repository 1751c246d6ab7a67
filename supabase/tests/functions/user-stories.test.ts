// The user-stories edge function through the gateway: server-issued session tokens, stories,
// one vote per token under concurrency, owner-only moderation decided by the caller's JWT.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, signInWithAdminLink, signInWithEmailCode, stack, type SignedIn } from '../../../testing/vitest.ts';
import { createStory, sha256 } from '../fixtures.ts';
import { expectNoSecretsStored, expectRateLimited, fakeIp, invoke, pinnedClock, raw, rawStreamed, secrets } from './helpers.ts';

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

  it('issues at most 30 new tokens a minute per IP, and still serves the board past that, without a token', async () => {
    const ip = fakeIp();
    const story = await createStory();
    const early = await visitor(); // a token issued before the hall's rush, to another address
    await invoke(`user-stories/${story}/upvote`, { method: 'POST', headers: early.headers });
    const hall = { 'x-forwarded-for': ip, ...pinnedClock() };
    const replies = await Promise.all(Array.from({ length: 35 }, () => invoke('user-stories', { method: 'GET', headers: hall })));
    for (const r of replies) if (r.data.sessionToken) secrets.add(r.data.sessionToken);
    // Every visitor in the lecture hall sees the board.
    expect(replies.map((r) => r.status)).toEqual(Array(35).fill(200));
    for (const r of replies) {
      expect(r.data.stories.find((s: { id: string }) => s.id === story)).toMatchObject({ upvoteCount: 1, hasUpvoted: false });
    }
    const issued = replies.map((r) => r.data.sessionToken).filter((t): t is string => t !== null);
    expect(issued).toHaveLength(30);
    expect(new Set(issued).size).toBe(30);
    expect(replies.filter((r) => r.data.sessionToken === null)).toHaveLength(5);
    const { rows } = await db().query('select count(*)::int as n from public.anonymous_sessions where anonymous_token_hash = any($1)', [
      issued.map(sha256),
    ]);
    expect(rows[0].n).toBe(30);

    // Over the limit: a token issued earlier is kept (with its votes), one never issued gets null.
    const kept = await invoke('user-stories', { method: 'GET', headers: { ...early.headers, ...hall } });
    expect(kept.data.sessionToken).toBe(early.token);
    expect(kept.data.stories.find((s: { id: string }) => s.id === story)).toMatchObject({ hasUpvoted: true });
    const invented = `invented-${randomUUID()}`;
    secrets.add(invented);
    const refused = await invoke('user-stories', { method: 'GET', headers: { ...hall, 'x-session-token': invented } });
    expect([refused.status, refused.data.sessionToken]).toEqual([200, null]);
    expect(Array.isArray(refused.data.stories)).toBe(true);
  });

  it('touches last_used_at of a known token at most once an hour', async () => {
    const [stale, fresh] = await Promise.all([visitor(), visitor()]);
    const set = (token: string, ago: string) =>
      db().query(`update public.anonymous_sessions set last_used_at = now() - $2::interval where anonymous_token_hash = $1`, [
        sha256(token),
        ago,
      ]);
    const lastUsed = async (token: string) =>
      (
        await db().query<{ age: number }>(
          `select extract(epoch from now() - last_used_at)::int as age from public.anonymous_sessions where anonymous_token_hash = $1`,
          [sha256(token)],
        )
      ).rows[0].age;
    await Promise.all([set(stale.token, '2 hours'), set(fresh.token, '10 minutes')]);
    await Promise.all([
      invoke('user-stories', { method: 'GET', headers: stale.headers }),
      invoke('user-stories', { method: 'GET', headers: fresh.headers }),
    ]);
    expect(await lastUsed(stale.token)).toBeLessThan(60);
    expect(await lastUsed(fresh.token)).toBeGreaterThanOrEqual(600);
  });

  it('counts an IPv6 client by its /64, however its addresses rotate inside it', async () => {
    const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
    const addresses = Array.from({ length: 35 }, (_, i) => (i % 2 ? `${prefix}::${(i + 1).toString(16)}` : `${prefix}:0:${i}:a:${i}`));
    for (const a of addresses) secrets.add(a);
    const clock = pinnedClock();
    const replies = await Promise.all(
      addresses.map((ip) => invoke('user-stories', { method: 'GET', headers: { 'x-forwarded-for': ip, ...clock } })),
    );
    for (const r of replies) if (r.data.sessionToken) secrets.add(r.data.sessionToken);
    expect(replies.filter((r) => r.data.sessionToken)).toHaveLength(30);
    expect(replies.filter((r) => r.status === 200 && r.data.sessionToken === null)).toHaveLength(5);
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
      expect([r.status, r.data]).toEqual([
        401,
        { error: 'Your session is missing or has expired. Please reload the page and try again.', code: 'story_session_missing' },
      ]);
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
    expect([malformed.status, malformed.data]).toEqual([400, { error: 'The request body is not valid JSON.', code: 'body_not_json' }]);
  });
});

/** How many stories the holder of this token has created. */
const storiesBy = async (token: string) =>
  (await db().query('select count(*)::int as n from public.user_stories where session_token_hash = $1', [sha256(token)])).rows[0].n;

describe('POST /user-stories: malformed input gets a clear 4xx and writes nothing', () => {
  it('refuses no body, invalid JSON, non-objects, wrong types, unknown fields and a 1 MB body', async () => {
    const v = await visitor();
    const json = { 'content-type': 'application/json', ...v.headers };
    const body = (extra: Record<string, unknown>) => JSON.stringify(story(extra));
    const cases: [RequestInit, number, string][] = [
      [{ headers: json }, 400, 'A JSON request body is required.'],
      [{ body: '', headers: json }, 400, 'A JSON request body is required.'],
      [{ body: '   ', headers: json }, 400, 'A JSON request body is required.'],
      [{ body: '{"title": "x",', headers: json }, 400, 'The request body is not valid JSON.'],
      [{ body: "{'title': 'single quotes'}", headers: json }, 400, 'The request body is not valid JSON.'],
      [{ body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), headers: json }, 400, 'The request body must be UTF-8 text.'],
      [{ body: 'null', headers: json }, 400, 'The request body must be a JSON object.'],
      [{ body: '[1, 2]', headers: json }, 400, 'The request body must be a JSON object.'],
      [{ body: '42', headers: json }, 400, 'The request body must be a JSON object.'],
      [{ body: body({ title: 42 }), headers: json }, 400, 'Please fill in all required fields'],
      [{ body: body({ title: null }), headers: json }, 400, 'Please fill in all required fields'],
      [{ body: body({ description: { text: 'x' } }), headers: json }, 400, 'Please fill in all required fields'],
      [{ body: body({ submittedBy: 42 }), headers: json }, 400, 'Your name must be text'],
      [{ body: body({ impact: '5' }), headers: json }, 400, 'Impact must be a whole number from 1 to 10'],
      [{ body: body({ confidence: null }), headers: json }, 400, 'Confidence must be a whole number from 1 to 10'],
      [{ body: body({ ease: true }), headers: json }, 400, 'Ease must be a whole number from 1 to 10'],
      [
        { body: body({ impact: 5 }).replace('"impact":5', '"impact":1e309'), headers: json },
        400,
        'Impact must be a whole number from 1 to 10',
      ],
      [{ body: body({ id: randomUUID() }), headers: json }, 400, 'Unknown field: "id"'],
      [{ body: body({ upvoteCount: 99, iceScore: 30 }), headers: json }, 400, 'Unknown fields: "upvoteCount", "iceScore"'],
      [{ body: body({ mergedIntoId: randomUUID() }), headers: json }, 400, 'Unknown field: "mergedIntoId"'],
      [{ body: body({ description: 'x'.repeat(1024 * 1024) }), headers: json }, 413, 'The request body is too large (at most 64 KB).'],
    ];
    const replies = await Promise.all(cases.map(([init]) => raw('user-stories', { method: 'POST', ...init })));
    expect(replies.map((r) => ({ status: r.status, data: r.data }))).toEqual(
      cases.map(([, status, error]) => ({ status, data: expect.objectContaining({ error, code: expect.any(String) }) })),
    );
    for (const r of replies) expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await storiesBy(v.token)).toBe(0);
  });

  it('refuses a 1 MB body sent without a length (chunked) as well', async () => {
    const v = await visitor();
    const payload = new TextEncoder().encode(JSON.stringify(story({ description: 'y'.repeat(1024 * 1024) })));
    const reply = await rawStreamed('user-stories', payload, { 'content-type': 'application/json', ...v.headers });
    if (reply !== 'closed')
      expect([reply.status, reply.data]).toEqual([
        413,
        { error: 'The request body is too large (at most 64 KB).', code: 'body_too_large', params: { kilobytes: '64' } },
      ]);
    expect(await storiesBy(v.token)).toBe(0);
  });

  it('refuses the NUL character with a stable message rather than a database error', async () => {
    const v = await visitor();
    const reply = await invoke('user-stories', {
      body: story({ description: 'As a student, I want \u0000 nothing.' }),
      headers: v.headers,
    });
    expect([reply.status, reply.data]).toEqual([
      400,
      { error: 'Text must not contain the NUL character (\\u0000).', code: 'nul_character' },
    ]);
    expect(await storiesBy(v.token)).toBe(0);
  });
});

describe('POST /user-stories: what is stored, at each boundary', () => {
  it('stores SQL- and HTML-looking text, emoji and right-to-left text verbatim', async () => {
    const v = await visitor();
    const title = `As a student, I want to '); drop table public.user_stories; -- <script>alert("x")</script>`;
    const description = `<img src=x onerror=alert(1)> & "quotes" ' OR 1=1; -- \\ select pg_sleep(10); 👩🏽‍💻🎓 \u202Eevil\u202C`;
    const submittedBy = 'مريم כהן 👩🏽‍🏫';
    const created = await invoke('user-stories', { body: story({ title, description, submittedBy }), headers: v.headers });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ title, description, submittedBy });
    const { rows } = await db().query('select title, description, submitted_by from public.user_stories where id = $1', [created.data.id]);
    expect(rows[0]).toEqual({ title, description, submitted_by: submittedBy });
    const listed = await invoke('user-stories', { method: 'GET', headers: v.headers });
    expect(listed.data.stories.find((s: { id: string }) => s.id === created.data.id)).toMatchObject({ title, description, submittedBy });
  });

  it('accepts scores 1 and 10 and lengths up to the limits (in characters, as people count them); refuses one step past', async () => {
    const v = await visitor();
    const title = (n: number, c = 'a') => `As a student, I want to `.padEnd(n, c);
    const cases: [Record<string, unknown>, number, string?][] = [
      ...(['impact', 'confidence', 'ease'] as const).flatMap((score): [Record<string, unknown>, number, string?][] => {
        const label = `${score[0].toUpperCase()}${score.slice(1)} must be a whole number from 1 to 10`;
        return [
          [story({ [score]: 0 }), 400, label],
          [story({ [score]: 1 }), 201],
          [story({ [score]: 10 }), 201],
          [story({ [score]: 11 }), 400, label],
        ];
      }),
      [story({ title: title(300) }), 201],
      [story({ title: title(301) }), 400, 'The story is too long'],
      [story({ title: '😀'.repeat(300) }), 201],
      [story({ title: '😀'.repeat(301) }), 400, 'The story is too long'],
      [story({ title: '   ' }), 400, 'Please fill in all required fields'],
      [story({ description: 'd'.repeat(1000) }), 201],
      [story({ description: 'd'.repeat(1001) }), 400, 'The story is too long'],
      [story({ submittedBy: 'n'.repeat(80) }), 201],
      [story({ submittedBy: 'n'.repeat(81) }), 400, 'Your name is too long'],
      [story({ submittedBy: '   ' }), 201],
    ];
    const replies = await Promise.all(cases.map(([body]) => invoke('user-stories', { body, headers: v.headers })));
    expect(replies.map((r) => ({ status: r.status, error: r.data.error }))).toEqual(cases.map(([, status, error]) => ({ status, error })));
    const accepted = cases.filter(([, status]) => status === 201).length;
    expect(await storiesBy(v.token)).toBe(accepted);
    const { rows } = await db().query<{ t: number; d: number; n: number | null }>(
      `select char_length(title) as t, char_length(description) as d, char_length(submitted_by) as n
       from public.user_stories where session_token_hash = $1`,
      [sha256(v.token)],
    );
    expect(Math.max(...rows.map((r) => r.t))).toBe(300);
    expect(Math.max(...rows.map((r) => r.d))).toBe(1000);
    expect(Math.max(...rows.map((r) => r.n ?? 0))).toBe(80);
    // A blank name is stored as no name.
    expect(rows.filter((r) => r.n === null).length).toBe(accepted - 1);
  });
});

describe('per-IP limits on story creation and votes', () => {
  it('accepts 20 new stories a minute from one IP, then 429 with Retry-After, writing nothing more', async () => {
    const v = await visitor();
    const headers = { ...v.headers, ...pinnedClock() };
    const replies = await Promise.all(Array.from({ length: 23 }, () => invoke('user-stories', { body: story(), headers })));
    expectRateLimited(replies, {
      accepted: 20,
      limited: 3,
      refusal: { error: 'Too many user stories from your network. Please try again in a minute.', code: 'story_create_limit' },
    });
    // The window is the pinned clock's: one second into its minute, 59 seconds are left.
    for (const r of replies.filter((x) => x.status === 429)) expect(r.headers.get('retry-after')).toBe('59');
    expect(await storiesBy(v.token)).toBe(20);
    // Another network is not affected.
    const other = await visitor();
    expect((await invoke('user-stories', { body: story(), headers: other.headers })).status).toBe(201);
  });

  it('accepts 120 votes a minute from one IP, then 429 with Retry-After', async () => {
    const v = await visitor();
    const id = await createStory();
    const headers = { ...v.headers, ...pinnedClock() };
    const replies = await Promise.all(
      Array.from({ length: 124 }, (_, i) => invoke(`user-stories/${id}/upvote`, { method: i % 2 ? 'DELETE' : 'POST', headers })),
    );
    expectRateLimited(replies, {
      accepted: 120,
      limited: 4,
      okStatus: 200,
      refusal: { error: 'Too many votes from your network. Please try again in a minute.', code: 'vote_limit' },
    });
    expect(await votes(id)).toBeLessThanOrEqual(1);
    // Another network still votes.
    const other = await visitor();
    expect((await invoke(`user-stories/${id}/upvote`, { method: 'POST', headers: other.headers })).status).toBe(200);
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
    [owner, professor] = await Promise.all([signInWithAdminLink('professor@example.edu'), signInWithEmailCode()]);
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
    for (const r of replies) expect([r.status, r.data]).toEqual([403, { error: 'Only the app owner can do this', code: 'owner_only' }]);
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
    expect([again.status, again.data]).toEqual([404, { error: 'User story not found', code: 'story_not_found' }]);
  });
  it('checks ownership before the id or the body: a non-owner always gets 403, and nothing changes', async () => {
    const [id, other] = await Promise.all([createStory(), createStory()]);
    const before = await storyRow(id);
    const json = { 'content-type': 'application/json' };
    // Over the 64 KB limit (an owner would get 413), small enough to be written before the answer.
    const huge = JSON.stringify({ title: 'x'.repeat(100 * 1024) });
    const callers = [
      { authorization: '' },
      { authorization: `Bearer ${stack().anonKey}` },
      { authorization: `Bearer ${professor.accessToken}` },
    ];
    const replies = await Promise.all(
      callers.flatMap((auth) => [
        raw(`user-stories/${id}`, { method: 'PUT', body: '{"status": ', headers: { ...json, ...auth } }),
        raw(`user-stories/${id}`, { method: 'PUT', headers: { ...json, ...auth } }),
        raw(`user-stories/${id}`, { method: 'PUT', body: huge, headers: { ...json, ...auth } }),
        raw(`user-stories/${id}`, { method: 'PUT', body: '{"status": "nonsense"}', headers: { ...json, ...auth } }),
        raw('user-stories/not-a-story', { method: 'PUT', body: '{"status": "done"}', headers: { ...json, ...auth } }),
        raw('user-stories/not-a-story', { method: 'DELETE', headers: auth }),
        raw('user-stories/merge', { body: 'not json', headers: { ...json, ...auth } }),
        raw('user-stories/merge', { body: '{}', headers: { ...json, ...auth } }),
        raw('user-stories/merge', { body: huge, headers: { ...json, ...auth } }),
        raw('user-stories/merge', { body: JSON.stringify({ keepId: other, mergeId: id }), headers: { ...json, ...auth } }),
      ]),
    );
    for (const r of replies) expect([r.status, r.data]).toEqual([403, { error: 'Only the app owner can do this', code: 'owner_only' }]);
    expect(await storyRow(id)).toEqual(before);
    expect(await storyRow(other)).toMatchObject({ merged_into_id: null });
  });

  it('gives the owner clear 4xx answers for malformed bodies, changing nothing', async () => {
    const id = await createStory();
    const before = await storyRow(id);
    const json = { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` };
    const cases: [string, RequestInit, number, string][] = [
      [`user-stories/${id}`, { method: 'PUT', headers: json }, 400, 'A JSON request body is required.'],
      [`user-stories/${id}`, { method: 'PUT', body: '{"title": ', headers: json }, 400, 'The request body is not valid JSON.'],
      [`user-stories/${id}`, { method: 'PUT', body: '["done"]', headers: json }, 400, 'The request body must be a JSON object.'],
      [`user-stories/${id}`, { method: 'PUT', body: '{"title": 42}', headers: json }, 400, 'Please fill in all required fields'],
      [`user-stories/${id}`, { method: 'PUT', body: '{"impact": "10"}', headers: json }, 400, 'Impact must be a whole number from 1 to 10'],
      [`user-stories/${id}`, { method: 'PUT', body: '{"status": 1}', headers: json }, 400, 'Unknown status'],
      [`user-stories/${id}`, { method: 'PUT', body: '{"mergedIntoId": null}', headers: json }, 400, 'Unknown field: "mergedIntoId"'],
      [
        `user-stories/${id}`,
        { method: 'PUT', body: JSON.stringify({ description: 'x'.repeat(1024 * 1024) }), headers: json },
        413,
        'The request body is too large (at most 64 KB).',
      ],
      ['user-stories/merge', { body: '{"keepId": "x", "mergeId": "y"}', headers: json }, 400, 'keepId must be a story id'],
      ['user-stories/merge', { body: JSON.stringify({ keepId: id, mergeId: id, extra: 1 }), headers: json }, 400, 'Unknown field: "extra"'],
    ];
    const replies = await Promise.all(cases.map(([path, init]) => raw(path, { method: 'POST', ...init })));
    expect(replies.map((r) => ({ status: r.status, data: r.data }))).toEqual(
      cases.map(([, , status, error]) => ({ status, data: expect.objectContaining({ error, code: expect.any(String) }) })),
    );
    expect(await storyRow(id)).toEqual(before);
  });

  it('answers a database refusal with the shared stable message, not Postgres’s wording', async () => {
    const id = await createStory();
    const before = await storyRow(id);
    const reply = await invoke(`user-stories/${id}`, {
      method: 'PUT',
      body: { title: 'As a student, I want to \u0000' },
      client: owner.client,
    });
    expect([reply.status, reply.data]).toEqual([
      400,
      { error: 'Text must not contain the NUL character (\\u0000).', code: 'nul_character' },
    ]);
    expect(await storyRow(id)).toEqual(before);
  });

  it('refuses to edit or re-status a story merged away (409), through the function and PostgREST alike', async () => {
    const [keep, gone] = await Promise.all([createStory(), createStory()]);
    expect((await invoke('user-stories/merge', { body: { keepId: keep, mergeId: gone }, client: owner.client })).status).toBe(200);
    const before = await storyRow(gone);
    const replies = await Promise.all([
      invoke(`user-stories/${gone}`, { method: 'PUT', body: { status: 'done' }, client: owner.client }),
      invoke(`user-stories/${gone}`, { method: 'PUT', body: { title: 'As a student, I want to come back' }, client: owner.client }),
    ]);
    for (const r of replies) {
      expect([r.status, r.data]).toEqual([
        409,
        { error: 'This user story has been merged into another one; edit that story instead.', code: 'story_merged' },
      ]);
    }
    const direct = await owner.client.from('user_stories').update({ status: 'done' }).eq('id', gone).select('id');
    expect(direct.data).toEqual([]);
    expect(await storyRow(gone)).toEqual(before);
    // The kept story is still editable.
    const kept = await invoke(`user-stories/${keep}`, { method: 'PUT', body: { status: 'accepted' }, client: owner.client });
    expect([kept.status, kept.data.status]).toEqual([200, 'accepted']);
  });

  it('deletes the stories merged into a story with it, so they never come back on the board', async () => {
    const [keep, dup1, dup2] = await Promise.all([createStory(), createStory(), createStory()]);
    const v = await visitor();
    await invoke(`user-stories/${dup1}/upvote`, { method: 'POST', headers: v.headers });
    for (const mergeId of [dup1, dup2]) {
      expect((await invoke('user-stories/merge', { body: { keepId: keep, mergeId }, client: owner.client })).status).toBe(200);
    }
    expect(await votes(keep)).toBe(1);
    const deleted = await invoke(`user-stories/${keep}`, { method: 'DELETE', client: owner.client });
    expect([deleted.status, deleted.data]).toEqual([200, { id: keep, deleted: true }]);
    for (const id of [keep, dup1, dup2]) expect(await storyRow(id)).toBeUndefined();
    expect(await votes(keep)).toBe(0);
    const listed = await invoke('user-stories', { method: 'GET', headers: v.headers });
    const ids = listed.data.stories.map((s: { id: string }) => s.id);
    for (const id of [keep, dup1, dup2]) expect(ids).not.toContain(id);
  });
});
