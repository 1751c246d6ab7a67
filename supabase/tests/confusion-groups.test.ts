// Confusion groups (…_confusion_groups.sql, …_confusion_group_corrections.sql): texts placed once,
// in the order they were written, Spanish with English; the teaching team's "Merge" and "Not this
// group", which hold on every later read and in the after-class summary; who may correct; and the
// time budget that keeps a read of a huge session inside the API's timeout.
import { beforeAll, describe, expect, it } from 'vitest';
import { db, signInWithEmailCode, type SignedIn } from '../../testing/vitest.ts';
import { addTeamMember, createCourse, createQuickSubmission, createSession } from './fixtures.ts';

interface Group {
  id: string;
  students: number;
  texts: number;
  top: { id: string; text: string };
  others: { id: string; text: string }[];
}
interface Shared {
  sessionId: string | null;
  texts: number;
  pending: number;
  groups: Group[];
}

let A: SignedIn;
beforeAll(async () => {
  A = await signInWithEmailCode();
});

async function shared(who: SignedIn, courseId: string, sessionId?: string): Promise<Shared> {
  const r = await who.client.rpc('shared_confusion', { course_id: courseId, ...(sessionId ? { session_id: sessionId } : {}) });
  expect(r.error).toBeNull();
  return r.data as Shared;
}

/** A course of A with today's session, ended (so every text shows), holding `texts`, written in this order. */
async function sessionWith(texts: string[]) {
  const course = await createCourse(A.userId);
  const session = await createSession(course.id, { expired: true });
  const ids: Record<string, string> = {};
  for (const [i, confusion] of texts.entries()) {
    ids[confusion] = await createQuickSubmission(course.id, session.id, {
      confusion,
      created_at: new Date(Date.now() - (texts.length - i) * 60_000).toISOString(),
    });
  }
  return { courseId: course.id, sessionId: session.id, ids };
}

const textsOf = (group: Group) => [group.top.text, ...group.others.map((o) => o.text)].sort();
const groupOf = (answer: Shared, text: string) => answer.groups.find((g) => textsOf(g).includes(text))!;
const partition = (answer: Shared) => answer.groups.map(textsOf).sort((a, b) => a[0]!.localeCompare(b[0]!));

const RECURSION = [
  'I don’t understand the base case of recursion',
  'The recursion base case is unclear to me',
  'no entendí el caso base de la recursión',
  'What is a stack frame, exactly?',
  'Stack frames during recursive calls',
  'Merge sort complexity',
];

describe('confusion groups', () => {
  it('groups what says the same thing (Spanish with English) and keeps different things apart', async () => {
    const c = await sessionWith(RECURSION);
    expect(partition(await shared(A, c.courseId))).toEqual([
      [
        'I don’t understand the base case of recursion',
        'The recursion base case is unclear to me',
        'no entendí el caso base de la recursión',
      ],
      ['Merge sort complexity'],
      ['Stack frames during recursive calls', 'What is a stack frame, exactly?'],
    ]);
  });

  it('places each text once: a later read places only new texts, an edited text is placed again by its new words', async () => {
    const c = await sessionWith(RECURSION);
    const first = await shared(A, c.courseId);
    const baseCase = groupOf(first, 'The recursion base case is unclear to me').id;
    const placed = async () =>
      Number((await db().query('select count(*) from private.grouped_texts where class_session_id = $1', [c.sessionId])).rows[0].count);
    expect(await placed()).toBe(6);

    await createQuickSubmission(c.courseId, c.sessionId, { confusion: 'base case of recursion again??' });
    const second = await shared(A, c.courseId);
    expect(groupOf(second, 'base case of recursion again??').id).toBe(baseCase);
    expect(await placed()).toBe(7);

    await db().query(`update public.submissions set confusion = 'the stack frames of recursive calls, again' where id = $1`, [
      c.ids['Merge sort complexity'],
    ]);
    const third = await shared(A, c.courseId);
    expect(textsOf(groupOf(third, 'the stack frames of recursive calls, again'))).toContain('What is a stack frame, exactly?');
    expect(third.groups.some((g) => textsOf(g).includes('Merge sort complexity'))).toBe(false);
    expect(groupOf(third, 'The recursion base case is unclear to me').id).toBe(baseCase);
  });

  it('"Merge" and "Not this group" hold on later reads, for new texts, and in the after-class summary', async () => {
    const c = await sessionWith(RECURSION);
    const first = await shared(A, c.courseId);
    const stack = groupOf(first, 'What is a stack frame, exactly?');
    const baseCase = groupOf(first, 'The recursion base case is unclear to me');

    const merged = await A.client.rpc('merge_confusion_groups', { course_id: c.courseId, group_id: stack.id, into_group_id: baseCase.id });
    expect([merged.error, merged.data]).toEqual([null, { groupId: baseCase.id }]);
    const spanish = c.ids['no entendí el caso base de la recursión']!;
    const out = await A.client.rpc('take_out_of_confusion_group', { course_id: c.courseId, submission_id: spanish });
    expect(out.error).toBeNull();

    await createQuickSubmission(c.courseId, c.sessionId, { confusion: 'merge sort: why n log n complexity' });
    const after = await shared(A, c.courseId);
    expect(partition(after)).toEqual([
      [
        'I don’t understand the base case of recursion',
        'Stack frames during recursive calls',
        'The recursion base case is unclear to me',
        'What is a stack frame, exactly?',
      ],
      ['Merge sort complexity', 'merge sort: why n log n complexity'],
      ['no entendí el caso base de la recursión'],
    ]);
    expect(groupOf(after, 'What is a stack frame, exactly?').id).toBe(baseCase.id);
    expect(groupOf(after, 'no entendí el caso base de la recursión').id).toBe((out.data as { groupId: string }).groupId);

    const { rows: edits } = await db().query(
      'select action, made_by, submission_id from public.confusion_group_edits where class_session_id = $1 order by created_at',
      [c.sessionId],
    );
    expect(edits).toEqual([
      { action: 'merge', made_by: A.userId, submission_id: null },
      { action: 'take_out', made_by: A.userId, submission_id: spanish },
    ]);
    // The team reads its corrections; nobody writes them but the two functions.
    expect((await A.client.from('confusion_group_edits').select('action').eq('class_session_id', c.sessionId)).data).toHaveLength(2);
    const written = await A.client.from('confusion_group_edits').insert({
      course_id: c.courseId,
      class_session_id: c.sessionId,
      action: 'merge',
      from_group_id: stack.id,
      into_group_id: baseCase.id,
    });
    expect(written.error?.code).toBe('42501');

    await db().query('update public.courses set min_public_responses = 1 where id = $1', [c.courseId]);
    const { rows } = await db().query('select private.class_summary($1) as s', [c.sessionId]);
    expect(rows[0].s.confusions[0]).toMatchObject({ students: 4 });
  });

  it('lets only the course’s teaching team correct, and refuses what makes no sense', async () => {
    const c = await sessionWith(RECURSION);
    const first = await shared(A, c.courseId);
    const stack = groupOf(first, 'What is a stack frame, exactly?');
    const merge = groupOf(first, 'Merge sort complexity');
    const other = await signInWithEmailCode();

    const refused = await other.client.rpc('merge_confusion_groups', {
      course_id: c.courseId,
      group_id: stack.id,
      into_group_id: merge.id,
    });
    expect([refused.status, refused.error?.message]).toEqual([404, 'Group not found']);
    const takeOut = await other.client.rpc('take_out_of_confusion_group', { course_id: c.courseId, submission_id: stack.top.id });
    expect([takeOut.status, takeOut.error?.message]).toEqual([404, 'Text not found']);
    // Another course's group, even one of the caller's own courses.
    const mine = await sessionWith(['Merge sort complexity']);
    const mineGroup = (await shared(A, mine.courseId)).groups[0]!;
    const across = await A.client.rpc('merge_confusion_groups', { course_id: c.courseId, group_id: stack.id, into_group_id: mineGroup.id });
    expect([across.status, across.error?.message]).toEqual([404, 'Group not found']);
    const same = await A.client.rpc('merge_confusion_groups', { course_id: c.courseId, group_id: stack.id, into_group_id: stack.id });
    expect([same.status, same.error?.message]).toEqual([400, 'Choose two different groups to merge.']);
    const alone = await A.client.rpc('take_out_of_confusion_group', { course_id: c.courseId, submission_id: merge.top.id });
    expect([alone.status, alone.error?.message]).toEqual([400, 'This text is already alone in its group.']);

    // A TA of the course may.
    await addTeamMember(c.courseId, other.userId, 'ta');
    const byTa = await other.client.rpc('merge_confusion_groups', { course_id: c.courseId, group_id: merge.id, into_group_id: stack.id });
    expect(byTa.error).toBeNull();
    expect(groupOf(await shared(A, c.courseId), 'Merge sort complexity').id).toBe(stack.id);
  });

  it('a read with no time left groups less, never fails: the rest wait, each alone, for the next read', async () => {
    const c = await sessionWith(RECURSION);
    const { rows } = await db().query(`select private.place_confusion_texts($1, interval '0 seconds') as left`, [c.sessionId]);
    expect(rows[0].left).toBe(6);
    const { rows: grouped } = await db().query(
      `select json_array_length(private.confusion_groups_of(
         (select json_agg(json_build_object('id', id, 'kind', kind, 'text', confusion_text, 'students', 1) order by created_at)
          from public.submissions where class_session_id = $1), $1)) as groups`,
      [c.sessionId],
    );
    expect(grouped[0].groups).toBe(6);
    const answer = await shared(A, c.courseId);
    expect([answer.pending, answer.groups.length]).toEqual([0, 3]);
  });

  it('the term report lists groups, and a correction drops the session’s roll-up so the report shows it', async () => {
    const course = await createCourse(A.userId);
    const yesterday = await createSession(course.id, { daysFromToday: -1 });
    for (const confusion of RECURSION) await createQuickSubmission(course.id, yesterday.id, { confusion });
    const rollUp = async () => (await db().query('select private.roll_up_sessions(10, $1) as n', [course.id])).rows[0].n as number;
    const confusions = async () => {
      const r = await A.client.rpc('term_report', { course_id: course.id });
      expect(r.error).toBeNull();
      return (r.data as { weeks: { confusions: { students: number }[] }[] }).weeks.flatMap((w) => w.confusions.map((c) => c.students));
    };
    expect(await rollUp()).toBe(1);
    expect(await confusions()).toEqual([3, 2, 1]);

    const groups = (await shared(A, course.id, yesterday.id)).groups;
    const merged = await A.client.rpc('merge_confusion_groups', {
      course_id: course.id,
      group_id: groups[1]!.id,
      into_group_id: groups[0]!.id,
    });
    expect(merged.error).toBeNull();
    expect(
      (await db().query('select count(*)::int as n from private.session_rollups where session_id = $1', [yesterday.id])).rows[0].n,
    ).toBe(0);
    expect(await confusions()).toEqual([5, 1]);
    expect(await rollUp()).toBe(1);
    expect(await confusions()).toEqual([5, 1]);
  });
});
