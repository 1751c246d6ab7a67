// Guessing an edit token: 10,000 wrong tokens for one submission from one address. Failed checks
// are limited per IP and minute (EDIT_TOKEN_LIMIT_FAILURES_PER_MINUTE, 30): past the limit every
// edit-token request of that address is 429 with Retry-After before anything is compared. None
// succeeds, the submission is unchanged, and its real token still works from another address.
// (That the comparison's time does not depend on how much of a token is right is shown in
// supabase/functions/_shared/tokens.test.ts: what is compared is a SHA-256, in constant time.)
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { db } from '../../../testing/vitest.ts';
import { courseWithSession, expectNoSecretsStored, fakeIp, pinnedClock, quick, secrets, student } from '../functions/helpers.ts';
import { checkFunctionReply, pool, send, type RawReply, type RawRequest } from './support.ts';

const GUESSES = 10_000;
const CONCURRENCY = 16;
const LIMIT = 30; // the default of EDIT_TOKEN_LIMIT_FAILURES_PER_MINUTE

let id: string;
let editToken: string;
let before: unknown;

const row = async () => (await db().query('select to_jsonb(s) as row from public.submissions s where id = $1', [id])).rows[0].row;
/** A well-formed edit token for the submission, with a secret nobody was given. */
const wrongToken = () => `${id}.${randomBytes(32).toString('base64url')}`;
/** The student's read of the submission, from `ip` with `token` (and any other headers). */
const readRequest = (ip: string, token: string, more: Record<string, string> = {}): RawRequest => ({
  method: 'GET',
  path: `/functions/v1/submissions/${id}`,
  headers: [['x-forwarded-for', ip], ['x-edit-token', token], ...Object.entries(more)],
});

beforeAll(async () => {
  const { courseId, sessionId } = await courseWithSession();
  const created = await send({
    method: 'POST',
    path: '/functions/v1/submissions',
    headers: [['content-type', 'application/json'], ...Object.entries(student())],
    body: new TextEncoder().encode(JSON.stringify(quick(courseId, sessionId))),
  });
  if (created === 'closed' || created.status !== 201) throw new Error('could not create the submission');
  ({ id, editToken } = JSON.parse(created.text) as { id: string; editToken: string });
  secrets.add(editToken.split('.')[1]);
  before = await row();
});

afterAll(async () => {
  await expectNoSecretsStored();
});

it(`${GUESSES.toLocaleString('en')} wrong edit tokens for one submission: rate-limited, none succeeds`, async () => {
  const attacker = fakeIp();
  const began = Date.now();
  const replies = await pool(CONCURRENCY, GUESSES, async (i): Promise<[RawRequest, RawReply | 'closed']> => {
    const guess = wrongToken();
    const request: RawRequest =
      i % 4 === 0
        ? {
            method: 'PUT',
            path: `/functions/v1/submissions/${id}`,
            headers: [
              ['x-forwarded-for', attacker],
              ['x-edit-token', guess],
              ['content-type', 'application/json'],
            ],
            body: new TextEncoder().encode(
              JSON.stringify({ topic: 'Guessed', confusion: 'Someone guessed the token.', difficultyLevel: 'very' }),
            ),
          }
        : readRequest(attacker, guess);
    return [request, await send(request, CONCURRENCY)];
  });
  const minutes = Math.floor((Date.now() - began) / 60_000) + 2; // fixed windows the run touched, at most
  const statuses = new Map<number, number>();
  for (const [request, reply] of replies) {
    checkFunctionReply(request, reply);
    if (reply === 'closed') throw new Error('connection closed');
    statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
    if (reply.status === 429) {
      expect(JSON.parse(reply.text)).toEqual({
        error: 'Too many attempts with a wrong edit link from your network. Please try again in a minute.',
        code: 'edit_link_guesses',
      });
      expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(reply.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
  }
  const summary = Object.fromEntries(statuses);
  // Every answer is a refusal: 404 while the window has room, then 429.
  expect([...statuses.keys()].sort(), JSON.stringify(summary)).toEqual([404, 429].filter((s) => statuses.has(s)));
  expect(statuses.get(429) ?? 0, JSON.stringify(summary)).toBeGreaterThan(GUESSES - minutes * (LIMIT + CONCURRENCY));
  // Compared at most the limit per window (plus the requests in flight when it filled).
  expect(statuses.get(404) ?? 0, JSON.stringify(summary)).toBeLessThanOrEqual(minutes * (LIMIT + CONCURRENCY));
  expect(await row()).toEqual(before);

  // The attacker's address is held back even with the right token until the window ends (filled
  // again first, in one window: the clock is pinned, as a minute may just have turned)…
  const clock = pinnedClock();
  const asAttacker = (token: string) => send(readRequest(attacker, token, clock));
  for (let i = 0; i <= LIMIT; i++) {
    const reply = await asAttacker(wrongToken());
    if (reply !== 'closed' && reply.status === 429) break;
  }
  const held = await asAttacker(editToken);
  expect(held !== 'closed' && held.status).toBe(429);
  // …while the student, from anywhere else, reads and edits as before.
  const read = await send(readRequest(fakeIp(), editToken));
  expect(read !== 'closed' && read.status).toBe(200);
  expect(read !== 'closed' && JSON.parse(read.text).id).toBe(id);
  // The counters are keyed hashes, never the address.
  const { rows } = await db().query(`select key_hash from public.rate_limit_buckets where bucket = 'edit-token'`);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.key_hash).toMatch(/^[0-9a-f]{64}$/);
}, 180_000);

it('a student who mistypes a few times is not held up, and right tokens are never counted', async () => {
  const ip = fakeIp();
  const get = (token: string) => send(readRequest(ip, token));
  for (let i = 0; i < 50; i++) {
    const reply = await get(editToken);
    expect(reply !== 'closed' && reply.status).toBe(200);
  }
  for (let i = 0; i < 3; i++) {
    const reply = await get(wrongToken());
    expect(reply !== 'closed' && reply.status).toBe(404);
  }
  const reply = await get(editToken);
  expect(reply !== 'closed' && reply.status).toBe(200);
}, 60_000);
