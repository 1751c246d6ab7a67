// Replies to anonymous submissions: reply_to_submission and withdraw_reply through PostgREST with
// real JWTs, the submission_replies table's row-level security, the body's bounds, and what each
// refusal answers (status and code) with nothing written.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient, signInWithEmailCode, type SignedIn } from '../../testing/vitest.ts';
import { createCourse, createQuickSubmission, createSession, createSessionSubmission } from './fixtures.ts';

let A: SignedIn;
let B: SignedIn;
let courseOfA: string;
let sessionOfA: string;

beforeAll(async () => {
  [A, B] = await Promise.all([signInWithEmailCode(), signInWithEmailCode()]);
  courseOfA = (await createCourse(A.userId)).id;
  sessionOfA = (await createSession(courseOfA)).id;
});

const feedbackOfA = () => createQuickSubmission(courseOfA, sessionOfA);

async function stored(submissionId: string) {
  const { rows } = await db().query(
    `select r.body, r.class_session_id, r.created_at, r.updated_at, s.reviewed_at
     from public.submissions s left join public.submission_replies r on r.submission_id = s.id
     where s.id = $1`,
    [submissionId],
  );
  return rows[0] as {
    body: string | null;
    class_session_id: string | null;
    created_at: Date | null;
    updated_at: Date | null;
    reviewed_at: Date | null;
  };
}

async function replyCount(submissionIds: string[]): Promise<number> {
  const { rows } = await db().query('select count(*)::int as n from public.submission_replies where submission_id = any($1)', [
    submissionIds,
  ]);
  return rows[0].n;
}

describe('reply_to_submission', () => {
  it('writes the owner’s reply trimmed, marks the submission reviewed, and rewrites it on a second call', async () => {
    const id = await feedbackOfA();
    expect((await stored(id)).reviewed_at).toBeNull();

    const first = await A.client.rpc('reply_to_submission', { submission_id: id, body: '  We will trace it again on Friday.\n ' });
    expect([first.status, first.error]).toEqual([200, null]);
    expect(first.data).toEqual({ submissionId: id, body: 'We will trace it again on Friday.', updatedAt: expect.any(String) });
    const afterFirst = await stored(id);
    expect(afterFirst).toMatchObject({ body: 'We will trace it again on Friday.', class_session_id: sessionOfA });
    expect(afterFirst.reviewed_at).not.toBeNull();

    const second = await A.client.rpc('reply_to_submission', { submission_id: id, body: 'Moved to Monday, sorry!' });
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({ submissionId: id, body: 'Moved to Monday, sorry!' });
    expect(new Date(second.data.updatedAt).getTime()).toBeGreaterThan(new Date(first.data.updatedAt).getTime());
    const afterSecond = await stored(id);
    expect(await replyCount([id])).toBe(1);
    expect(afterSecond.created_at).toEqual(afterFirst.created_at);
    // Reviewed once: a second reply does not move the time it was reviewed.
    expect(afterSecond.reviewed_at).toEqual(afterFirst.reviewed_at);
  });

  it('answers 404 for another professor’s submission or an unknown id, and writes nothing', async () => {
    const id = await feedbackOfA();
    const attempts = await Promise.all([
      B.client.rpc('reply_to_submission', { submission_id: id, body: 'Not my course, still replying.' }),
      A.client.rpc('reply_to_submission', { submission_id: randomUUID(), body: 'Nobody sent this.' }),
      // Wrong body too: being not found comes first.
      B.client.rpc('reply_to_submission', { submission_id: id, body: '' }),
      B.client.rpc('withdraw_reply', { submission_id: id }),
      A.client.rpc('withdraw_reply', { submission_id: randomUUID() }),
    ]);
    for (const r of attempts) {
      expect([r.status, r.error?.code, r.error?.message, r.data]).toEqual([404, 'PT404', 'Submission not found', null]);
    }
    expect(await replyCount([id])).toBe(0);
    expect((await stored(id)).reviewed_at).toBeNull();

    // Nor can they rewrite or withdraw the owner's reply.
    await A.client.rpc('reply_to_submission', { submission_id: id, body: 'The owner’s answer.' });
    const overwrite = await B.client.rpc('reply_to_submission', { submission_id: id, body: 'Hijacked answer.' });
    const withdraw = await B.client.rpc('withdraw_reply', { submission_id: id });
    expect([overwrite.status, withdraw.status]).toEqual([404, 404]);
    expect((await stored(id)).body).toBe('The owner’s answer.');
  });

  it('takes 1 to 1000 characters after trimming (counted as people count them); otherwise 400 and nothing written', async () => {
    const cases: [string | null, number][] = [
      ['', 400],
      ['   \n\t ', 400],
      ['x', 200],
      [' x ', 200],
      ['x'.repeat(1000), 200],
      [`  ${'x'.repeat(1000)}  `, 200],
      ['x'.repeat(1001), 400],
      ['😀'.repeat(1000), 200],
      ['😀'.repeat(1001), 400],
      [null, 400],
    ];
    const ids = await Promise.all(cases.map(() => feedbackOfA()));
    const replies = await Promise.all(cases.map(([body], i) => A.client.rpc('reply_to_submission', { submission_id: ids[i], body })));
    expect(replies.map((r) => r.status)).toEqual(cases.map(([, status]) => status));
    for (const r of replies.filter((x) => x.status === 400)) {
      expect(r.error).toMatchObject({ code: '22023', message: 'A reply must be 1 to 1000 characters long.' });
    }
    for (const [i, [body, status]] of cases.entries()) {
      const row = await stored(ids[i]);
      if (status === 200) {
        expect(row.body).toBe(body!.trim());
        expect(row.reviewed_at).not.toBeNull();
      } else {
        expect(row).toMatchObject({ body: null, reviewed_at: null });
      }
    }
  });

  it('refuses anonymous callers (401) and writes nothing', async () => {
    const id = await feedbackOfA();
    const anon = anonClient();
    for (const r of await Promise.all([
      anon.rpc('reply_to_submission', { submission_id: id, body: 'Anonymous answer.' }),
      anon.rpc('withdraw_reply', { submission_id: id }),
      anon.from('submission_replies').insert({ submission_id: id, body: 'Anonymous answer.' }),
    ])) {
      expect([r.status, r.error?.code]).toEqual([401, '42501']);
    }
    expect(await replyCount([id])).toBe(0);
  });

  it('replies to both kinds, each under its own class session', async () => {
    const other = (await createSession(courseOfA, { daysFromToday: -2 })).id;
    const quick = await feedbackOfA();
    const session = await createSessionSubmission(courseOfA, other);
    for (const id of [quick, session]) {
      expect((await A.client.rpc('reply_to_submission', { submission_id: id, body: 'Noted.' })).status).toBe(200);
    }
    expect((await stored(quick)).class_session_id).toBe(sessionOfA);
    expect((await stored(session)).class_session_id).toBe(other);
  });
});

describe('withdraw_reply', () => {
  it('deletes the owner’s reply; withdrawn is false when there was none', async () => {
    const id = await feedbackOfA();
    await A.client.rpc('reply_to_submission', { submission_id: id, body: 'Posted too soon.' });
    const gone = await A.client.rpc('withdraw_reply', { submission_id: id });
    expect([gone.status, gone.data]).toEqual([200, { submissionId: id, withdrawn: true }]);
    expect(await replyCount([id])).toBe(0);
    const again = await A.client.rpc('withdraw_reply', { submission_id: id });
    expect(again.data).toEqual({ submissionId: id, withdrawn: false });
    // The submission stays reviewed.
    expect((await stored(id)).reviewed_at).not.toBeNull();
  });
});

describe('the submission_replies table through PostgREST', () => {
  it('the owner reads and writes it directly too, with the same checks; others see and change nothing', async () => {
    const id = await feedbackOfA();
    const insert = await A.client
      .from('submission_replies')
      .insert({ submission_id: id, body: '  Direct reply.  ' })
      .select('submission_id, body');
    expect([insert.status, insert.data]).toEqual([201, [{ submission_id: id, body: 'Direct reply.' }]]);
    // A reply written this way marks the submission reviewed as well.
    expect((await stored(id)).reviewed_at).not.toBeNull();

    const tooLong = await A.client
      .from('submission_replies')
      .update({ body: 'x'.repeat(1001) })
      .eq('submission_id', id);
    expect([tooLong.status, tooLong.error?.code]).toEqual([400, '22023']);

    const seenByB = await B.client.from('submission_replies').select('body').eq('submission_id', id);
    expect(seenByB.data).toEqual([]);
    const changedByB = await B.client
      .from('submission_replies')
      .update({ body: 'Changed by B.' }, { count: 'exact' })
      .eq('submission_id', id);
    const deletedByB = await B.client.from('submission_replies').delete({ count: 'exact' }).eq('submission_id', id);
    expect([changedByB.count, deletedByB.count]).toEqual([0, 0]);
    const insertedByB = await B.client.from('submission_replies').insert({ submission_id: await feedbackOfA(), body: 'B again.' });
    expect([insertedByB.status, insertedByB.error?.code]).toEqual([404, 'PT404']);

    // Moving a reply to another submission is not possible (only the body may change).
    const moved = await A.client
      .from('submission_replies')
      .update({ submission_id: await feedbackOfA() })
      .eq('submission_id', id);
    expect(moved.error?.code).toBe('42501');
    expect((await stored(id)).body).toBe('Direct reply.');

    const service = await serviceClient().from('submission_replies').select('submission_id').eq('submission_id', id);
    expect(service.data).toEqual([{ submission_id: id }]);
  });

  it('goes with its submission: deleting the submission deletes the reply', async () => {
    const id = await feedbackOfA();
    await A.client.rpc('reply_to_submission', { submission_id: id, body: 'Soon gone.' });
    await db().query('delete from public.submissions where id = $1', [id]);
    expect(await replyCount([id])).toBe(0);
  });
});
