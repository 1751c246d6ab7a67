// The edge functions through a transaction pooler, as on a hosted project with DB_POOLER_URL
// (docs/decisions/edge-functions.md, "Reaching Postgres through the transaction pooler"):
// PgBouncer in transaction mode in front of the test stack's Postgres, and a second set of the
// submissions and user-stories functions with DB_POOLER_URL pointing at it. Submit, read and edit
// with the edit token, open the board, create a story and vote: anything that needs a session
// (a prepared statement, `set`, an advisory lock) would fail here. Then the pooler goes away and
// a submission is answered 503 with Retry-After, never 500.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, SUPABASE_DIR } from '../config.ts';
import { startFunctions, type RunningFunction } from '../functions.ts';
import { ensurePgbouncer, startPgbouncer, type RunningPgbouncer } from '../pooler.ts';
import { db, stack } from '../../testing/vitest.ts';
import { createAuthUser, createCourse, createSession } from '../../supabase/tests/fixtures.ts';

let pooler: RunningPgbouncer | undefined;
let functions: RunningFunction[] = [];
const lines: string[] = [];

beforeAll(async () => {
  await ensurePgbouncer('the pooler test (`npm test`)');
  pooler = await startPgbouncer({ dbUrl: stack().dbUrl, log: (line) => lines.push(line) });
  functions = await startFunctions({
    supabaseDir: SUPABASE_DIR,
    only: ['submissions', 'user-stories'],
    log: (line) => lines.push(line),
    env: {
      SUPABASE_URL: stack().apiUrl,
      SUPABASE_ANON_KEY: DEMO_ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      // As hosted: the direct URL is there too, and DB_POOLER_URL wins.
      SUPABASE_DB_URL: stack().dbUrl,
      DB_POOLER_URL: pooler.url,
    },
  });
}, 600_000);

afterAll(async () => {
  await Promise.all(functions.map((f) => f.process.stop()));
  await pooler?.stop();
});

/** A request straight to this file's function process (as the gateway forwards it). */
async function call(name: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const fn = functions.find((f) => f.name === name)!;
  const res = await fetch(`http://127.0.0.1:${fn.port}/${name}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const address = () =>
  `100.${64 + Math.floor(Math.random() * 64)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
const student = () => ({ 'x-device-id': `device-${randomUUID()}`, 'x-forwarded-for': address() });

async function openSession() {
  const course = await createCourse(await createAuthUser());
  const session = await createSession(course.id);
  return { courseId: course.id, sessionId: session.id };
}

const quick = (courseId: string, sessionId: string, topic = 'Recursion') => ({
  courseId,
  sessionId,
  topic,
  confusion: 'How does the base case stop the calls?',
  difficultyLevel: 'very',
});

describe('the functions through PgBouncer in transaction mode (DB_POOLER_URL)', () => {
  it('runs in front of the stack in transaction mode', async () => {
    const console = new pg.Client({ connectionString: pooler!.url.replace(/\/[^/]*$/, '/pgbouncer') });
    await console.connect();
    try {
      const { rows } = await console.query<{ key: string; value: string }>('show config');
      expect(rows.find((r) => r.key === 'pool_mode')?.value).toBe('transaction');
    } finally {
      await console.end();
    }
  });

  it('submits, reads and edits with the edit token, many at once', async () => {
    const { courseId, sessionId } = await openSession();
    // More requests than server connections, so statements move between them.
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('submissions', '', { method: 'POST', body: quick(courseId, sessionId, `Topic ${i}`), headers: student() }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(created.map(() => 201));
    const edited = await Promise.all(
      created.map((r, i) =>
        call('submissions', `/${r.body.id}`, {
          method: 'PUT',
          body: { topic: `Edited ${i}`, confusion: 'Why does the stack not overflow here?', difficultyLevel: 'slightly' },
          headers: { 'x-edit-token': r.body.editToken },
        }),
      ),
    );
    expect(edited.map((r) => [r.status, r.body.topic])).toEqual(created.map((_, i) => [200, `Edited ${i}`]));
    const read = await call('submissions', `/${created[0].body.id}`, { headers: { 'x-edit-token': created[0].body.editToken } });
    expect(read).toMatchObject({ status: 200, body: { topic: 'Edited 0', difficultyLevel: 'slightly' } });
    const { rows } = await db().query('select count(*)::int as n from public.submissions where class_session_id = $1 and topic like $2', [
      sessionId,
      'Edited %',
    ]);
    expect(rows[0].n).toBe(12);
  });

  it('opens the board, creates a story and votes for it, and takes the vote back', async () => {
    const ip = address();
    const board = await call('user-stories', '', { headers: { 'x-forwarded-for': ip } });
    expect(board.status).toBe(200);
    const headers = { 'x-forwarded-for': ip, 'x-session-token': board.body.sessionToken as string };
    const story = await call('user-stories', '', {
      method: 'POST',
      headers,
      body: { title: `As a student, I want ${randomUUID()}`, description: 'Through the pooler', impact: 5, confidence: 5, ease: 5 },
    });
    expect(story.status).toBe(201);
    const votes = await Promise.all(
      Array.from({ length: 4 }, () => call('user-stories', `/${story.body.id}/upvote`, { method: 'POST', headers })),
    );
    expect(votes.map((v) => v.status)).toEqual([200, 200, 200, 200]);
    const count = async () =>
      (await db().query('select count(*)::int as n from public.user_story_upvotes where user_story_id = $1', [story.body.id])).rows[0].n;
    expect(await count()).toBe(1);
    expect((await call('user-stories', `/${story.body.id}/upvote`, { method: 'DELETE', headers })).status).toBe(200);
    expect(await count()).toBe(0);
  });

  // Last: it stops the pooler.
  it('answers 503 with Retry-After when the pooler is gone, never 500', async () => {
    const { courseId, sessionId } = await openSession();
    expect((await call('submissions', '', { method: 'POST', body: quick(courseId, sessionId), headers: student() })).status).toBe(201);
    await pooler!.stop();
    pooler = undefined;
    // The pooled connections notice the close on their next use; every answer from now on is a 503.
    const statuses: number[] = [];
    await vi.waitFor(
      async () => {
        const down = await call('submissions', '', { method: 'POST', body: quick(courseId, sessionId), headers: student() });
        statuses.push(down.status);
        expect(down.status).toBe(503);
        expect(down.headers.get('retry-after')).toBe('2');
        expect(down.body).toEqual({
          error: 'The database is temporarily unavailable. Please try again in a moment.',
          code: 'database_unavailable',
        });
      },
      { timeout: 30_000, interval: 200 },
    );
    const again = await Promise.all(
      Array.from({ length: 5 }, () => call('submissions', '', { method: 'POST', body: quick(courseId, sessionId), headers: student() })),
    );
    expect(again.map((r) => [r.status, r.headers.get('retry-after'), r.body.code])).toEqual(
      again.map(() => [503, '2', 'database_unavailable']),
    );
    expect(statuses.filter((s) => s !== 503)).toEqual([]);
  });
});
