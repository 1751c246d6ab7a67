// POST /submissions with an Idempotency-Key (docs/decisions/offline-submissions.md): a
// submission sent again after a network failure is stored once and answered as the first time.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../../testing/vitest.ts';
import { sha256 } from '../fixtures.ts';
import { courseWithSession, expectNoSecretsStored, invoke, quick, raw, rowsIn, secrets, sessionFeedback, student } from './helpers.ts';

/** A key as the web client makes one: 32 random bytes, base64url without padding. */
function newKey(): string {
  const key = randomBytes(32).toString('base64url');
  secrets.add(key);
  return key;
}

const withKey = (key: string, headers: Record<string, string>) => ({ ...headers, 'idempotency-key': key });

afterAll(async () => {
  await expectNoSecretsStored();
});

describe('POST /submissions with an Idempotency-Key', () => {
  it('stores a repeat once and answers it with the same id and edit token (201, Idempotent-Replayed)', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const key = newKey();
    const headers = withKey(key, student());
    const first = await invoke('submissions', { body: quick(courseId, sessionId), headers });
    const second = await invoke('submissions', { body: quick(courseId, sessionId), headers });
    expect(first.status).toBe(201);
    expect(first.data.editToken).toBe(`${first.data.id}.${key}`);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.data).toEqual(first.data);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await rowsIn(sessionId)).toBe(1);
    const { rows } = await db().query('select edit_token_hash from public.submissions where id = $1', [first.data.id]);
    expect(rows).toEqual([{ edit_token_hash: sha256(key) }]);

    // The edit token it answered opens the submission.
    const own = await invoke(`submissions/${first.data.id}`, { method: 'GET', headers: { 'x-edit-token': first.data.editToken } });
    expect(own.status).toBe(200);
    expect(own.data.confusion).toBe(quick(courseId, sessionId).confusion);
  });

  it('matches a Variant B repeat, and one that names the session by its date', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const key = newKey();
    const headers = withKey(key, student());
    const first = await invoke('submissions', { body: sessionFeedback(courseId, sessionId), headers });
    const again = await invoke('submissions', {
      body: sessionFeedback(courseId, sessionId, { wentWell: '  The live coding demo.  ' }),
      headers,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.data).toEqual(first.data);
    expect(await rowsIn(sessionId)).toBe(1);

    const { rows } = await db().query<{ d: string }>('select session_date::text as d from public.class_sessions where id = $1', [
      sessionId,
    ]);
    const byDate = await invoke('submissions', { body: sessionFeedback(courseId, rows[0].d), headers });
    expect(byDate.status).toBe(201);
    expect(byDate.data).toEqual(first.data);
    expect(await rowsIn(sessionId)).toBe(1);
  });

  it('stores one row for 10 concurrent duplicates, and all 10 get the same answer', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const key = newKey();
    const headers = withKey(key, student());
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => invoke('submissions', { body: quick(courseId, sessionId), headers })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(replies.map((r) => JSON.stringify(r.data))).size).toBe(1);
    expect(replies[0].data.editToken).toBe(`${replies[0].data.id}.${key}`);
    expect(await rowsIn(sessionId)).toBe(1);
  });

  it('does not count a repeat against the per-device limit (5 per session)', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const headers = student();
    const key = newKey();
    for (let i = 0; i < 4; i++) {
      expect((await invoke('submissions', { body: quick(courseId, sessionId), headers: withKey(key, headers) })).status).toBe(201);
    }
    // Four more of its own: 5 in all, the limit, each a 201.
    for (let i = 0; i < 4; i++) {
      expect((await invoke('submissions', { body: quick(courseId, sessionId), headers: withKey(newKey(), headers) })).status).toBe(201);
    }
    expect((await invoke('submissions', { body: quick(courseId, sessionId), headers: withKey(newKey(), headers) })).status).toBe(429);
    // The first key still answers its row, limit reached or not.
    expect((await invoke('submissions', { body: quick(courseId, sessionId), headers: withKey(key, headers) })).status).toBe(201);
    expect(await rowsIn(sessionId)).toBe(5);
  });

  it('refuses a repeated key with a different body (409, nothing written)', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const key = newKey();
    const headers = withKey(key, student());
    const first = await invoke('submissions', { body: quick(courseId, sessionId), headers });
    expect(first.status).toBe(201);
    for (const body of [
      quick(courseId, sessionId, { confusion: 'Something else that confused me' }),
      quick(courseId, sessionId, { difficultyLevel: 'slightly' }),
      sessionFeedback(courseId, sessionId),
    ]) {
      const reply = await invoke('submissions', { body, headers });
      expect(reply.status).toBe(409);
      expect(reply.data).toEqual({
        error: 'This Idempotency-Key was already used for a different submission.',
        code: 'idempotency_key_reused',
      });
    }
    // Another course's session: nothing written there either.
    const other = await courseWithSession();
    const elsewhere = await invoke('submissions', { body: quick(other.courseId, other.sessionId), headers });
    expect(elsewhere.status).toBe(409);
    expect(await rowsIn(sessionId)).toBe(1);
    expect(await rowsIn(other.sessionId)).toBe(0);
    const { rows } = await db().query('select confusion, difficulty_level from public.submissions where id = $1', [first.data.id]);
    expect(rows).toEqual([{ confusion: quick(courseId, sessionId).confusion, difficulty_level: 'very' }]);
  });

  it('refuses a malformed key with a 400 and writes nothing', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const good = newKey();
    for (const key of ['abc', good.slice(0, 42), `${good}x`, `${good.slice(0, 41)}+A`, `${good.slice(0, 42)}B`, `${good}, ${good}`]) {
      const reply = await invoke('submissions', { body: quick(courseId, sessionId), headers: withKey(key, student()) });
      expect(reply.status, key).toBe(400);
      expect(reply.data.code).toBe('idempotency_key_invalid');
    }
    expect(await rowsIn(sessionId)).toBe(0);
  });

  it('behaves as before without the key: each request a row of its own with a fresh secret', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const headers = student();
    const a = await invoke('submissions', { body: quick(courseId, sessionId), headers });
    const b = await invoke('submissions', { body: quick(courseId, sessionId), headers });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.data.id).not.toBe(b.data.id);
    expect(a.data.editToken.split('.')[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const r of [a, b]) secrets.add(r.data.editToken.split('.')[1]);
    expect(await rowsIn(sessionId)).toBe(2);
  });

  it('lets a browser send the header: the function answers its CORS preflight', async () => {
    const preflight = await raw('submissions', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://classpulse.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-device-id, idempotency-key',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });
});
