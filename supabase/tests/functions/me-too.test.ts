// GET and POST /submissions/me-too: what students of a class session see of each other's
// confusion, and saying "me too" (or taking it back) through the edge function: status codes,
// messages, Retry-After, the rows written, and no raw device id or address stored.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../../testing/vitest.ts';
import { courseWithSession, expectNoSecretsStored, fakeIp, invoke, quick, student } from './helpers.ts';

afterAll(async () => {
  await expectNoSecretsStored();
});

/** A course that shares feedback, today's session and three texts sent through the function. */
async function sharedSession(ip = fakeIp()) {
  const { courseId, sessionId } = await courseWithSession();
  await db().query('update public.courses set peer_confusion = true where id = $1', [courseId]);
  const sent: { id: string; editToken: string }[] = [];
  for (const confusion of ['Why does recursion need a base case?', 'What is a stack frame exactly?', 'How do closures capture?']) {
    const r = await invoke('submissions', { body: quick(courseId, sessionId, { confusion }), headers: student(ip) });
    expect(r.status).toBe(201);
    sent.push(r.data);
  }
  return { courseId, sessionId, sent };
}

const meTooRows = async (submissionId: string) =>
  Number((await db().query('select count(*) from public.me_too where submission_id = $1', [submissionId])).rows[0].count);

const list = (courseId: string, sessionId: string, headers: Record<string, string>) =>
  invoke(`submissions/me-too?courseId=${courseId}&sessionId=${sessionId}`, { method: 'GET', headers });

describe('"me too" through the submissions function', () => {
  it('lists the texts, says "me too", counts it once per device and takes it back', async () => {
    const { courseId, sessionId, sent } = await sharedSession();
    const me = student();
    const listed = await list(courseId, sessionId, me);
    expect(listed.status).toBe(200);
    expect(listed.data).toMatchObject({ enabled: true, sessionId });
    expect(listed.data.items).toHaveLength(3);

    const target = sent[1]!.id;
    const body = { courseId, sessionId, submissionId: target, meToo: true };
    const first = await invoke('submissions/me-too', { body, headers: me });
    expect([first.status, first.data]).toEqual([200, { submissionId: target, meToo: true, meToos: 1 }]);
    const again = await invoke('submissions/me-too', { body, headers: me });
    expect([again.status, again.data.meToos]).toEqual([200, 1]);
    expect(await meTooRows(target)).toBe(1);

    const seen = (await list(courseId, sessionId, me)).data.items.find((i: { id: string }) => i.id === target);
    expect(seen).toMatchObject({ meToos: 1, meToo: true, own: false });

    const back = await invoke('submissions/me-too', { body: { ...body, meToo: false }, headers: me });
    expect([back.status, back.data]).toEqual([200, { submissionId: target, meToo: false, meToos: 0 }]);
    expect(await meTooRows(target)).toBe(0);
  });

  it('refuses bad input, an unknown text, one’s own text and a course without the setting with a clear 4xx', async () => {
    const { courseId, sessionId, sent } = await sharedSession();
    const me = student();
    const bad = await invoke('submissions/me-too', { body: { courseId, sessionId, submissionId: 'nope', meToo: true }, headers: me });
    expect([bad.status, bad.data.error]).toEqual([400, 'This feedback was not found.']);
    const extra = await invoke('submissions/me-too', {
      body: { courseId, sessionId, submissionId: sent[0]!.id, meToo: true, deviceId: 'x' },
      headers: me,
    });
    expect(extra.status).toBe(400);

    const unknown = await invoke('submissions/me-too', {
      body: { courseId, sessionId, submissionId: randomUUID(), meToo: true },
      headers: me,
    });
    expect([unknown.status, unknown.data]).toEqual([404, { error: 'This feedback was not found.', code: 'me_too_not_found' }]);

    const own = sent[0]!;
    const mine = await invoke('submissions/me-too', {
      body: { courseId, sessionId, submissionId: own.id, meToo: true },
      headers: { ...me, 'x-edit-token': own.editToken },
    });
    expect([mine.status, mine.data.code]).toEqual([403, 'me_too_own']);
    // The list knows it too, from the same token.
    const listed = await list(courseId, sessionId, { ...me, 'x-edit-token': own.editToken });
    expect(listed.data.items.find((i: { id: string }) => i.id === own.id)).toMatchObject({ own: true });

    await db().query('update public.courses set peer_confusion = false where id = $1', [courseId]);
    const off = await invoke('submissions/me-too', { body: { courseId, sessionId, submissionId: sent[1]!.id, meToo: true }, headers: me });
    expect([off.status, off.data.code]).toEqual([403, 'me_too_disabled']);
    expect((await list(courseId, sessionId, me)).data).toEqual({ enabled: false, sessionId: null, items: [] });
    for (const { id } of sent) expect(await meTooRows(id)).toBe(0);
  });

  it('answers 429 with Retry-After once the network is over its limit for the session', async () => {
    const ip = fakeIp();
    const { courseId, sessionId, sent } = await sharedSession(ip);
    // The function's per-IP limit is high (a hall shares an address); fill the bucket directly.
    await db().query(
      `insert into public.rate_limit_buckets (bucket, key_hash, window_start, submission_count)
       select 'me-too-ip:' || cs.id, r.key_hash, cs.created_at, 5000
       from public.class_sessions cs, public.rate_limit_buckets r
       where cs.id = $1 and r.bucket = 'ip:' || cs.id`,
      [sessionId],
    );
    const refused = await invoke('submissions/me-too', {
      body: { courseId, sessionId, submissionId: sent[2]!.id, meToo: true },
      headers: student(ip),
    });
    expect([refused.status, refused.data.code]).toEqual([429, 'me_too_network_session_limit']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await meTooRows(sent[2]!.id)).toBe(0);
  });
});
