// "You said, we did" notes: owners write them through PostgREST (row-level security and the
// body's bounds), everyone reads them through course_notes().
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient, signInWithEmailCode, type SignedIn } from '../../testing/vitest.ts';
import { createCourse, createSession } from './fixtures.ts';

let A: SignedIn;
let B: SignedIn;

beforeAll(async () => {
  [A, B] = await Promise.all([signInWithEmailCode(), signInWithEmailCode()]);
});

async function courseOfA() {
  const courseId = (await createCourse(A.userId)).id;
  const sessionId = (await createSession(courseId)).id;
  return { courseId, sessionId };
}

async function notesOf(sessionId: string) {
  const { rows } = await db().query('select id, body from public.session_notes where session_id = $1 order by created_at', [sessionId]);
  return rows as { id: string; body: string }[];
}

/** A note written straight through Postgres, `ago` before now. */
async function noteAt(sessionId: string, body: string, ago: string): Promise<string> {
  const { rows } = await db().query(
    `insert into public.session_notes (session_id, body, created_at, updated_at)
     values ($1, $2, now() - $3::interval, now() - $3::interval) returning id`,
    [sessionId, body, ago],
  );
  return rows[0].id;
}

describe('writing notes', () => {
  it('the owner creates, edits and deletes a note on their session; the body is stored trimmed', async () => {
    const { sessionId } = await courseOfA();
    const created = await A.client
      .from('session_notes')
      .insert({ session_id: sessionId, body: '  You said the trace went too fast; we redid it slowly.  ' })
      .select('id, session_id, body, created_at, updated_at')
      .single();
    expect([created.status, created.error]).toEqual([201, null]);
    expect(created.data).toMatchObject({ session_id: sessionId, body: 'You said the trace went too fast; we redid it slowly.' });

    const edited = await A.client
      .from('session_notes')
      .update({ body: 'We redid it slowly, with the slides.' })
      .eq('id', created.data!.id)
      .select('body, created_at, updated_at')
      .single();
    expect(edited.data!.body).toBe('We redid it slowly, with the slides.');
    expect(edited.data!.created_at).toBe(created.data!.created_at);
    expect(new Date(edited.data!.updated_at).getTime()).toBeGreaterThan(new Date(created.data!.updated_at).getTime());

    const deleted = await A.client.from('session_notes').delete({ count: 'exact' }).eq('id', created.data!.id);
    expect(deleted.count).toBe(1);
    expect(await notesOf(sessionId)).toEqual([]);
  });

  it('another professor’s session or an unknown one: 404 and nothing written; their notes cannot be changed', async () => {
    const { sessionId } = await courseOfA();
    const attempts = await Promise.all([
      B.client.from('session_notes').insert({ session_id: sessionId, body: 'Posting on a colleague’s class.' }),
      A.client.from('session_notes').insert({ session_id: randomUUID(), body: 'No such class.' }),
    ]);
    for (const r of attempts) {
      expect([r.status, r.error?.code, r.error?.message]).toEqual([404, 'PT404', 'Class session not found']);
    }
    expect(await notesOf(sessionId)).toEqual([]);

    const own = await noteAt(sessionId, 'The owner’s note.', '1 minute');
    const read = await B.client.from('session_notes').select('id').eq('id', own);
    const edit = await B.client.from('session_notes').update({ body: 'Edited by B.' }, { count: 'exact' }).eq('id', own);
    const del = await B.client.from('session_notes').delete({ count: 'exact' }).eq('id', own);
    expect([read.data, edit.count, del.count]).toEqual([[], 0, 0]);
    // Moving a note to another session is not possible either (only the body may change).
    const other = await courseOfA();
    const moved = await A.client.from('session_notes').update({ session_id: other.sessionId }).eq('id', own);
    expect(moved.error?.code).toBe('42501');
    expect(await notesOf(sessionId)).toEqual([{ id: own, body: 'The owner’s note.' }]);
  });

  it('anonymous visitors write and read nothing from the table (401)', async () => {
    const { sessionId } = await courseOfA();
    await noteAt(sessionId, 'Public through course_notes only.', '1 minute');
    const anon = anonClient();
    const insert = await anon.from('session_notes').insert({ session_id: sessionId, body: 'Anonymous note.' });
    const select = await anon.from('session_notes').select('id, body');
    expect([insert.status, insert.error?.code]).toEqual([401, '42501']);
    expect([select.status, select.error?.code]).toEqual([401, '42501']);
    expect(await notesOf(sessionId)).toHaveLength(1);
  });

  it('takes 1 to 1000 characters after trimming; otherwise 400 and nothing written', async () => {
    const { sessionId } = await courseOfA();
    const cases: [string | null, number][] = [
      ['', 400],
      [' \u00a0\n ', 400],
      ['x', 201],
      ['y'.repeat(1000), 201],
      ['z'.repeat(1001), 400],
      ['😀'.repeat(1000), 201],
      [null, 400],
    ];
    const replies = [];
    for (const [body] of cases) replies.push(await A.client.from('session_notes').insert({ session_id: sessionId, body }));
    expect(replies.map((r) => r.status)).toEqual(cases.map(([, s]) => s));
    for (const r of replies.filter((x) => x.status === 400)) {
      expect(r.error).toMatchObject({ code: '22023', message: 'A note must be 1 to 1000 characters long.' });
    }
    expect((await notesOf(sessionId)).map((n) => n.body)).toEqual(['x', 'y'.repeat(1000), '😀'.repeat(1000)]);
  });

  it('the service role writes notes too; deleting the session deletes its notes', async () => {
    const { sessionId } = await courseOfA();
    const insert = await serviceClient().from('session_notes').insert({ session_id: sessionId, body: 'From the service role.' });
    expect(insert.status).toBe(201);
    await db().query('delete from public.class_sessions where id = $1', [sessionId]);
    expect(await notesOf(sessionId)).toEqual([]);
  });
});

describe('course_notes: public', () => {
  it('anyone reads a course’s notes newest first, with only what a note shows', async () => {
    const { courseId, sessionId } = await courseOfA();
    const earlier = (await createSession(courseId, { daysFromToday: -2 })).id;
    const older = await noteAt(earlier, 'You said: more examples. We did: five worked problems.', '2 days');
    const newer = await noteAt(sessionId, 'You said: slower. We did: one idea per slide.', '1 hour');
    const elsewhere = await courseOfA();
    await noteAt(elsewhere.sessionId, 'Another course’s note.', '1 minute');

    const { data, error, status } = await anonClient().rpc('course_notes', { course_id: courseId });
    expect([status, error]).toEqual([200, null]);
    expect(data.map((n: { id: string }) => n.id)).toEqual([newer, older]);
    expect(Object.keys(data[0]).sort()).toEqual(['body', 'checkQuestion', 'createdAt', 'figures', 'id', 'sessionDate', 'sessionId']);
    const { rows } = await db().query('select session_date::text as d from public.class_sessions where id = $1', [sessionId]);
    expect(data[0]).toMatchObject({ sessionId, sessionDate: rows[0].d, body: 'You said: slower. We did: one idea per slide.' });

    // One session's notes, as the class-session page asks; GET works as for the other public reads.
    const one = await anonClient().rpc('course_notes', { course_id: courseId, session_id: earlier }, { get: true });
    expect(one.data.map((n: { id: string }) => n.id)).toEqual([older]);
    // A session of another course gives nothing.
    const mismatch = await anonClient().rpc('course_notes', { course_id: courseId, session_id: elsewhere.sessionId });
    expect(mismatch.data).toEqual([]);
    const unknown = await anonClient().rpc('course_notes', { course_id: randomUUID() });
    expect(unknown.data).toEqual([]);
  });

  it('max_items: 20 by default, at least 1 and at most 100', async () => {
    const { courseId, sessionId } = await courseOfA();
    await db().query(
      `insert into public.session_notes (session_id, body, created_at)
       select $1, 'Note ' || g, now() - make_interval(mins => g) from generate_series(1, 105) g`,
      [sessionId],
    );
    const count = async (args: Record<string, unknown>) =>
      ((await anonClient().rpc('course_notes', { course_id: courseId, ...args })).data as unknown[]).length;
    expect(await count({})).toBe(20);
    expect(await count({ max_items: 0 })).toBe(1);
    expect(await count({ max_items: 1000 })).toBe(100);
    const first = (await anonClient().rpc('course_notes', { course_id: courseId, max_items: 2 })).data;
    expect(first.map((n: { body: string }) => n.body)).toEqual(['Note 1', 'Note 2']);
  });
});
