// "Did it help?" (docs/decisions/follow-up-checks.md): a note's check question, asked above the
// feedback forms of the course's next class session; the answers ride on the submissions (JSON or
// a form posted without JavaScript) and are read only as figures, once both sides reach the
// course's minimum of public responses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, signInWithEmailCode, type SignedIn } from '../../../testing/vitest.ts';
import { createCourse, createQuickSubmission, createSession, createSessionSubmission } from '../fixtures.ts';
import { expectNoSecretsStored, fakeIp, invoke, quick, raw, sessionFeedback, student } from './helpers.ts';

let A: SignedIn;

beforeAll(async () => {
  A = await signInWithEmailCode();
});

afterAll(async () => {
  await expectNoSecretsStored();
});

/** A course of A's with a session two days ago (the note's) and today's (the next one). */
async function courseWithCheck(question: string | null = 'Is recursion clearer now?') {
  const courseId = (await createCourse(A.userId)).id;
  const earlier = await createSession(courseId, { daysFromToday: -2, expired: true });
  const today = await createSession(courseId);
  const note = await A.client
    .from('session_notes')
    .insert({ session_id: earlier.id, body: 'We will redo the recursion example.', check_question: question })
    .select('id, check_question')
    .single();
  expect(note.error).toBeNull();
  return { courseId, earlier, today, noteId: note.data!.id as string };
}

async function answersOf(noteId: string) {
  const { rows } = await db().query('select answer from public.follow_up_answers where note_id = $1 order by answer', [noteId]);
  return rows.map((row: { answer: number }) => row.answer);
}

const figuresOf = async (noteId: string) => (await anonClient().rpc('follow_up_figures', { note_id: noteId })).data;

describe('the check question', () => {
  it('is stored trimmed with the note; blank is none; over 200 characters is refused', async () => {
    const { noteId } = await courseWithCheck('  Is recursion clearer now?  ');
    const { rows } = await db().query('select check_question from public.session_notes where id = $1', [noteId]);
    expect(rows[0].check_question).toBe('Is recursion clearer now?');

    const blank = await courseWithCheck('   ');
    const { rows: none } = await db().query('select check_question from public.session_notes where id = $1', [blank.noteId]);
    expect(none[0].check_question).toBeNull();

    const { today } = await courseWithCheck();
    const long = await A.client.from('session_notes').insert({ session_id: today.id, body: 'A note.', check_question: 'x'.repeat(201) });
    expect([long.status, long.error?.message]).toEqual([400, 'A check question must be at most 200 characters long.']);
  });

  it("is shown to the course's next session (by id, by date, or today's), not to the note's own or a later one", async () => {
    const { courseId, earlier, today, noteId } = await courseWithCheck();
    const anon = anonClient();
    const expected = {
      noteId,
      body: 'We will redo the recursion example.',
      checkQuestion: 'Is recursion clearer now?',
      sessionDate: earlier.session_date,
    };
    expect((await anon.rpc('follow_up_check', { course_id: courseId, session: today.id })).data).toEqual(expected);
    expect((await anon.rpc('follow_up_check', { course_id: courseId, session: today.session_date })).data).toEqual(expected);
    expect((await anon.rpc('follow_up_check', { course_id: courseId })).data).toEqual(expected);
    expect((await anon.rpc('follow_up_check', { course_id: courseId, session: earlier.id })).data).toBeNull();
    // Once another session has come between, the question was that one's to answer.
    const later = await createSession(courseId, { daysFromToday: 2 });
    expect((await anon.rpc('follow_up_check', { course_id: courseId, session: later.id })).data).toBeNull();
    // course_notes() says the question, and no figures yet.
    const notes = (await anon.rpc('course_notes', { course_id: courseId })).data;
    expect(notes).toEqual([expect.objectContaining({ id: noteId, checkQuestion: 'Is recursion clearer now?', figures: null })]);
  });
});

describe('answering with the feedback', () => {
  it('stores the answer of Variant A and B, apart from the submission; none when absent', async () => {
    const { courseId, today, noteId } = await courseWithCheck();
    const a = await invoke('submissions', {
      body: quick(courseId, today.id, { followUpNoteId: noteId, followUpAnswer: 6 }),
      headers: student(),
    });
    expect(a.status).toBe(201);
    const b = await invoke('submissions', {
      body: sessionFeedback(courseId, today.id, { followUpNoteId: noteId, followUpAnswer: 2 }),
      headers: student(),
    });
    expect(b.status).toBe(201);
    const none = await invoke('submissions', { body: sessionFeedback(courseId, today.id, { followUpNoteId: noteId }), headers: student() });
    expect(none.status).toBe(201);
    expect(await answersOf(noteId)).toEqual([2, 6]);
    const { rows } = await db().query('select submission_id from public.follow_up_answers where note_id = $1 order by answer', [noteId]);
    expect(rows.map((row: { submission_id: string }) => row.submission_id)).toEqual([b.data.id, a.data.id]);
  });

  it('refuses an answer outside 1–7 (400, with its message) nothing is stored; an answer to a question not asked of this session is left out, the feedback kept', async () => {
    const { courseId, earlier, today, noteId } = await courseWithCheck();
    for (const answer of [0, 8, 2.5, '5']) {
      const res = await invoke('submissions', {
        body: quick(courseId, today.id, { followUpNoteId: noteId, followUpAnswer: answer }),
        headers: student(),
      });
      expect(res.status).toBe(400);
      expect(res.data.error).toContain('Your answer to the check question must be a number from 1 to 7');
    }
    // A note of today's session (its question is for the next one), and one of another course.
    const own = await A.client
      .from('session_notes')
      .insert({ session_id: today.id, body: 'Today.', check_question: 'Clear?' })
      .select('id')
      .single();
    const other = await courseWithCheck();
    const { rows } = await db().query('select count(*)::int as n from public.submissions where class_session_id = $1', [today.id]);
    expect(rows[0].n).toBe(0);
    // An answer to a note not asked of this session (withdrawn meanwhile, or never this one's) is
    // left out, and the feedback is kept.
    for (const wrong of [own.data!.id, other.noteId, earlier.id]) {
      const res = await invoke('submissions', {
        body: quick(courseId, today.id, { followUpNoteId: wrong, followUpAnswer: 5 }),
        headers: student(),
      });
      expect(res.status).toBe(201);
    }
    const kept = await db().query('select count(*)::int as n from public.submissions where class_session_id = $1', [today.id]);
    expect(kept.rows[0].n).toBe(3);
    const answers = await db().query('select count(*)::int as n from public.follow_up_answers where note_id = any($1)', [
      [noteId, own.data!.id, other.noteId, earlier.id],
    ]);
    expect(answers.rows[0].n).toBe(0);
    // Written directly, such an answer is refused with its message.
    const submissionId = (await db().query('select id from public.submissions where class_session_id = $1 limit 1', [today.id])).rows[0].id;
    await expect(
      db().query('insert into public.follow_up_answers (submission_id, note_id, answer) values ($1, $2, 5)', [submissionId, other.noteId]),
    ).rejects.toThrow('This check question is not open for this class session.');
  });

  it('takes the answer from a form posted without JavaScript', async () => {
    const { courseId, today, noteId } = await courseWithCheck();
    const { courseId: _c, sessionId: _s, ...content } = sessionFeedback(courseId, today.id);
    const fields = { ...content, followUpNoteId: noteId, followUpAnswer: '7' };
    const site = 'https://classpulse.example.edu';
    const res = await raw('submissions', {
      body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        origin: site,
        referer: `${site}/class-session?courseId=${courseId}&sessionId=${today.id}`,
        'x-forwarded-for': fakeIp(),
      },
    });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).pathname).toBe('/class-session/sent');
    expect(await answersOf(noteId)).toEqual([7]);
  });
});

describe('the figures', () => {
  it("show before (the note's session) and after (the answers) once both reach the course's minimum, leaving hidden feedback out", async () => {
    const { courseId, earlier, today, noteId } = await courseWithCheck();
    await db().query('update public.courses set min_public_responses = 3 where id = $1', [courseId]);
    // Before: clarity 2 and 3 (Variant B) and a "completely lost" quick report (1.5): 6.5 / 3.
    await createSessionSubmission(courseId, earlier.id, { clarity_rating: 2 });
    await createSessionSubmission(courseId, earlier.id, { clarity_rating: 3 });
    await createQuickSubmission(courseId, earlier.id, { difficulty_level: 'completely' });
    const answer = async (n: number) => {
      const res = await invoke('submissions', {
        body: quick(courseId, today.id, { followUpNoteId: noteId, followUpAnswer: n }),
        headers: student(),
      });
      expect(res.status).toBe(201);
      return res.data.id as string;
    };
    await answer(5);
    await answer(6);
    expect(await figuresOf(noteId)).toBeNull();
    const third = await answer(4);
    expect(await figuresOf(noteId)).toEqual({ before: { mean: 2.2, n: 3 }, after: { mean: 5, n: 3 } });
    const notes = (await anonClient().rpc('course_notes', { course_id: courseId })).data;
    expect(notes[0].figures).toEqual({ before: { mean: 2.2, n: 3 }, after: { mean: 5, n: 3 } });
    // Hidden feedback is left out, its answer too: below the minimum again.
    await db().query('update public.submissions set hidden_at = now() where id = $1', [third]);
    expect(await figuresOf(noteId)).toBeNull();
    // The answers count toward nothing else: the session's clarity stays its submissions'.
    const { rows } = await db().query(
      'select count(*)::int as n, avg(clarity_rating) as m from public.submissions where class_session_id = $1',
      [today.id],
    );
    expect(rows[0]).toEqual({ n: 3, m: null });
  });

  it('go with the submission (retention, deletion)', async () => {
    const { courseId, today, noteId } = await courseWithCheck();
    const res = await invoke('submissions', {
      body: quick(courseId, today.id, { followUpNoteId: noteId, followUpAnswer: 3 }),
      headers: student(),
    });
    expect(await answersOf(noteId)).toEqual([3]);
    await db().query('delete from public.submissions where id = $1', [res.data.id]);
    expect(await answersOf(noteId)).toEqual([]);
  });
});
