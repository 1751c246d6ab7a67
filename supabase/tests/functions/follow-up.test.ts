// "Did it work?" (docs/decisions/follow-up-checks.md): a note names the confusion it answers and a
// control no note answered; the course's next class session rates both, "How clear is ⟨topic⟩ to
// you now?" 1–7, with its feedback (JSON or a form posted without JavaScript); the ratings are read
// only as figures, once each side reaches the course's minimum of public responses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, signInWithEmailCode, type SignedIn } from '../../../testing/vitest.ts';
import { createCourse, createQuickSubmission, createSession } from '../fixtures.ts';
import { expectNoSecretsStored, fakeIp, invoke, quick, raw, sessionFeedback, student } from './helpers.ts';

let A: SignedIn;

beforeAll(async () => {
  A = await signInWithEmailCode();
});

afterAll(async () => {
  await expectNoSecretsStored();
});

const BASE_CASE = 'I do not get the base case of the recursion';
const CALL_STACK = 'The call stack frames confused me';

/**
 * A course of A's with a session two days ago (the note's: five texts on the base case, three on
 * the call stack, grouped by the live view's read) and today's (the next one).
 */
async function courseWithGroups() {
  const courseId = (await createCourse(A.userId)).id;
  const earlier = await createSession(courseId, { daysFromToday: -2, expired: true });
  const today = await createSession(courseId);
  for (const text of [...Array(5).fill(BASE_CASE), ...Array(3).fill(CALL_STACK)]) {
    await createQuickSubmission(courseId, earlier.id, { confusion: text, created_at: new Date(Date.now() - 60_000).toISOString() });
  }
  const shared = await A.client.rpc('shared_confusion', { course_id: courseId, session_id: earlier.id });
  expect(shared.error).toBeNull();
  const groups = (shared.data as { groups: { id: string; texts: number; top: { text: string } }[] }).groups;
  expect(groups.map((g) => [g.top.text, g.texts])).toEqual([
    [BASE_CASE, 5],
    [CALL_STACK, 3],
  ]);
  return { courseId, earlier, today, baseCase: groups[0]!.id, callStack: groups[1]!.id };
}

type Topics = {
  addressed_topic?: string | null;
  addressed_group_id?: string | null;
  control_topic?: string | null;
  control_group_id?: string | null;
};

async function postNote(sessionId: string, topics: Topics) {
  return A.client
    .from('session_notes')
    .insert({ session_id: sessionId, body: 'We will redo the recursion example.', ...topics })
    .select('id, addressed_topic, control_topic')
    .single();
}

/** A course whose earlier session's note answers the base case against the call stack. */
async function courseWithCheck() {
  const course = await courseWithGroups();
  const note = await postNote(course.earlier.id, {
    addressed_topic: 'the base case',
    addressed_group_id: course.baseCase,
    control_topic: 'the call stack',
    control_group_id: course.callStack,
  });
  expect(note.error).toBeNull();
  return { ...course, noteId: note.data!.id as string };
}

async function ratingsOf(noteId: string) {
  const { rows } = await db().query('select side, rating from public.topic_ratings where note_id = $1 order by side, rating', [noteId]);
  return rows.map((row: { side: string; rating: number }) => `${row.side} ${row.rating}`);
}

const figuresOf = async (noteId: string) => (await anonClient().rpc('follow_up_figures', { note_id: noteId })).data;

describe("a note's topics", () => {
  it('are stored trimmed with the note, and refused word for word when too long, the same twice, or of another session', async () => {
    const { earlier, today, baseCase, callStack } = await courseWithGroups();
    const ok = await postNote(earlier.id, { addressed_topic: '  the base case ', addressed_group_id: baseCase, control_topic: ' ' });
    expect(ok.data).toMatchObject({ addressed_topic: 'the base case', control_topic: null });

    const refused = async (topics: Topics, sessionId = earlier.id) => {
      const res = await postNote(sessionId, topics);
      return [res.status, res.error?.message];
    };
    expect(await refused({ addressed_topic: 'x'.repeat(81) })).toEqual([400, 'A topic must be at most 80 characters long.']);
    expect(await refused({ control_topic: 'the call stack' })).toEqual([400, 'Name the confusion this note answers before a control.']);
    expect(await refused({ addressed_topic: 'the base case', control_group_id: callStack })).toEqual([
      400,
      'Name the control topic in a few words.',
    ]);
    expect(await refused({ addressed_topic: 'the base case', control_topic: 'The Base Case ' })).toEqual([
      400,
      'The control must be another confusion than the one the note answers.',
    ]);
    expect(await refused({ addressed_topic: 'a', addressed_group_id: baseCase, control_topic: 'b', control_group_id: baseCase })).toEqual([
      400,
      'The control must be another confusion than the one the note answers.',
    ]);
    expect(await refused({ addressed_topic: 'the base case', addressed_group_id: baseCase }, today.id)).toEqual([
      400,
      'This confusion group is not from this class session.',
    ]);
  });

  it('never change once written (students may have rated them); the body still can', async () => {
    const { noteId } = await courseWithCheck();
    const edit = await A.client.from('session_notes').update({ body: 'Edited.' }).eq('id', noteId);
    expect(edit.error).toBeNull();
    const topic = await A.client
      .from('session_notes')
      .update({ addressed_topic: 'something else' } as never)
      .eq('id', noteId);
    expect(topic.error?.code).toBe('42501');
    const { rows } = await db().query('select body, addressed_topic, control_topic from public.session_notes where id = $1', [noteId]);
    expect(rows[0]).toEqual({ body: 'Edited.', addressed_topic: 'the base case', control_topic: 'the call stack' });
  });

  it("are asked of the course's next session (by id, by date, or today's), not of the note's own or a later one", async () => {
    const { courseId, earlier, today, noteId } = await courseWithCheck();
    const anon = anonClient();
    const expected = {
      noteId,
      body: 'We will redo the recursion example.',
      sessionDate: earlier.session_date,
      addressedTopic: 'the base case',
      controlTopic: 'the call stack',
    };
    expect((await anon.rpc('follow_up_check', { course_id: courseId, session: today.id })).data).toEqual(expected);
    expect((await anon.rpc('follow_up_check', { course_id: courseId, session: today.session_date })).data).toEqual(expected);
    expect((await anon.rpc('follow_up_check', { course_id: courseId })).data).toEqual(expected);
    expect((await anon.rpc('follow_up_check', { course_id: courseId, session: earlier.id })).data).toBeNull();
    const later = await createSession(courseId, { daysFromToday: 2 });
    expect((await anon.rpc('follow_up_check', { course_id: courseId, session: later.id })).data).toBeNull();
    // course_notes() says what is asked, and no figures yet.
    const notes = (await anon.rpc('course_notes', { course_id: courseId })).data;
    expect(notes).toEqual([
      expect.objectContaining({
        id: noteId,
        figures: {
          addressed: { topic: 'the base case', groupId: expect.any(String) },
          control: { topic: 'the call stack', groupId: expect.any(String) },
          results: null,
        },
      }),
    ]);
  });

  it('replace the old single question: such a note is no longer asked, and says it cannot be compared', async () => {
    const { courseId, earlier, today } = await courseWithGroups();
    const old = await A.client
      .from('session_notes')
      .insert({ session_id: earlier.id, body: 'Old.', check_question: 'Is recursion clearer now?' })
      .select('id')
      .single();
    expect((await anonClient().rpc('follow_up_check', { course_id: courseId, session: today.id })).data).toBeNull();
    expect(await figuresOf(old.data!.id)).toEqual({ legacy: true });
  });
});

describe('rating with the feedback', () => {
  it('stores both ratings of Variant A and B apart from the submission; none when absent', async () => {
    const { courseId, today, noteId } = await courseWithCheck();
    const a = await invoke('submissions', {
      body: quick(courseId, today.id, { followUpNoteId: noteId, followUpAddressed: 6, followUpControl: 3 }),
      headers: student(),
    });
    expect(a.status).toBe(201);
    const b = await invoke('submissions', {
      body: sessionFeedback(courseId, today.id, { followUpNoteId: noteId, followUpControl: 2 }),
      headers: student(),
    });
    expect(b.status).toBe(201);
    const none = await invoke('submissions', { body: sessionFeedback(courseId, today.id, { followUpNoteId: noteId }), headers: student() });
    expect(none.status).toBe(201);
    expect(await ratingsOf(noteId)).toEqual(['addressed 6', 'control 2', 'control 3']);
    const { rows } = await db().query("select submission_id from public.topic_ratings where note_id = $1 and side = 'addressed'", [noteId]);
    expect(rows.map((row: { submission_id: string }) => row.submission_id)).toEqual([a.data.id]);
  });

  it('refuses a rating outside 1–7 (400, nothing stored); a rating of a note not asked, or of a control it has not, is left out and the feedback kept', async () => {
    const { courseId, earlier, today, noteId } = await courseWithCheck();
    for (const side of ['followUpAddressed', 'followUpControl']) {
      for (const rating of [0, 8, 2.5, '5']) {
        const res = await invoke('submissions', {
          body: quick(courseId, today.id, { followUpNoteId: noteId, [side]: rating }),
          headers: student(),
        });
        expect(res.status).toBe(400);
        expect(res.data.error).toContain('Your answer to the check question must be a number from 1 to 7');
      }
    }
    const counted = async () =>
      (await db().query('select count(*)::int as n from public.submissions where class_session_id = $1', [today.id])).rows[0].n;
    expect(await counted()).toBe(0);
    // Even past the function's schema, the database refuses the whole submission.
    await expect(
      db().query(`select public.create_submission($1, $2, 'quick', $3::jsonb, repeat('a', 64), null, null)`, [
        courseId,
        today.id,
        JSON.stringify({
          topic: 'T',
          confusion: 'Something long enough',
          difficulty_level: 'very',
          follow_up_note_id: noteId,
          follow_up_ratings: { addressed: 9 },
        }),
      ]),
    ).rejects.toThrow(/topic_ratings_rating_check/);
    expect(await counted()).toBe(0);

    const own = await postNote(today.id, { addressed_topic: 'today' });
    const other = await courseWithCheck();
    for (const wrong of [own.data!.id, other.noteId, earlier.id]) {
      const res = await invoke('submissions', {
        body: quick(courseId, today.id, { followUpNoteId: wrong, followUpAddressed: 5 }),
        headers: student(),
      });
      expect(res.status).toBe(201);
    }
    expect(await counted()).toBe(3);
    const stored = await db().query('select count(*)::int as n from public.topic_ratings where note_id = any($1)', [
      [noteId, own.data!.id, other.noteId, earlier.id],
    ]);
    expect(stored.rows[0].n).toBe(0);
    const submissionId = (await db().query('select id from public.submissions where class_session_id = $1 limit 1', [today.id])).rows[0].id;
    await expect(
      db().query("insert into public.topic_ratings (submission_id, note_id, side, rating) values ($1, $2, 'addressed', 5)", [
        submissionId,
        other.noteId,
      ]),
    ).rejects.toThrow('This check question is not open for this class session.');

    // A note without a control: its students' control rating is left out.
    const alone = await courseWithGroups();
    const aloneNote = await postNote(alone.earlier.id, { addressed_topic: 'the base case' });
    const res = await invoke('submissions', {
      body: quick(alone.courseId, alone.today.id, { followUpNoteId: aloneNote.data!.id, followUpAddressed: 4, followUpControl: 4 }),
      headers: student(),
    });
    expect(res.status).toBe(201);
    expect(await ratingsOf(aloneNote.data!.id)).toEqual(['addressed 4']);
  });

  it('takes both ratings from a form posted without JavaScript', async () => {
    const { courseId, today, noteId } = await courseWithCheck();
    const { courseId: _c, sessionId: _s, ...content } = sessionFeedback(courseId, today.id);
    const fields = { ...content, followUpNoteId: noteId, followUpAddressed: '7', followUpControl: '4' };
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
    expect(await ratingsOf(noteId)).toEqual(['addressed 7', 'control 4']);
  });
});

describe("the check for a host that writes it into the form's page (GET /submissions/form-page)", () => {
  const get = (query: string) => raw(`submissions/form-page?${query}`, { method: 'GET' });

  it("is the page's check as the line's first part, by course and class day or by class link; nothing for a page that asks nothing", async () => {
    const { courseId, earlier, today, noteId } = await courseWithCheck();
    // The check, then `~` and the notes (none on today's session).
    const line = new RegExp(
      `^${noteId}\\|(addressed-first|control-first)\\|the base case\\|the call stack\\|We will redo the recursion example\\.~$`,
    );
    const bySubmit = await get(`page=/submit&courseId=${courseId}`);
    expect(bySubmit.status).toBe(200);
    expect(bySubmit.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(bySubmit.data).toMatch(line);
    expect((await get(`page=/class-session&courseId=${courseId}&sessionId=${today.id}`)).data).toMatch(line);
    expect((await get(`page=/class/${today.access_token}`)).data).toMatch(line);
    // The note's own session rates nothing (and shows its note); nor does another page, or a link that opens nothing.
    expect((await get(`page=/class-session&courseId=${courseId}&sessionId=${earlier.id}`)).data).toBe(
      '~1|We will redo the recursion example.',
    );
    expect((await get(`page=/track/${today.access_token}&courseId=${courseId}`)).data).toBe('~');
    expect((await get(`page=/class/${'x'.repeat(30)}`)).data).toBe('~');
  });
});

describe('rating after the feedback (a form posted before its script ran)', () => {
  const rateLater = (id: string, editToken: string, body: Record<string, unknown>) =>
    invoke(`submissions/${id}/ratings`, { method: 'PUT', body, headers: { ...student(), 'x-edit-token': editToken } });

  it('adds the ratings once, by the edit token, for the note asked; refuses the rest word for word', async () => {
    const { courseId, today, noteId } = await courseWithCheck();
    const sent = await invoke('submissions', { body: quick(courseId, today.id), headers: student() });
    expect(sent.status).toBe(201);
    const { id, editToken } = sent.data as { id: string; editToken: string };

    const refusals = [
      [{ followUpNoteId: noteId }, 400, 'Choose a rating first.'],
      [{ followUpNoteId: noteId, followUpAddressed: 8 }, 400, 'Your answer to the check question must be a number from 1 to 7'],
      [{ followUpNoteId: id, followUpAddressed: 5 }, 400, 'This check question is not open for this class session.'],
    ] as const;
    for (const [body, status, message] of refusals) {
      const res = await rateLater(id, editToken, body);
      expect([res.status, res.data.error]).toEqual([status, message]);
    }
    const wrongToken = await rateLater(id, `${id}.${'x'.repeat(43)}`, { followUpNoteId: noteId, followUpAddressed: 5 });
    expect(wrongToken.status).toBe(404);
    expect(await ratingsOf(noteId)).toEqual([]);

    const ok = await rateLater(id, editToken, { followUpNoteId: noteId, followUpAddressed: 6, followUpControl: 2 });
    expect([ok.status, ok.data]).toEqual([200, { ratings: 2 }]);
    expect(await ratingsOf(noteId)).toEqual(['addressed 6', 'control 2']);
    const again = await rateLater(id, editToken, { followUpNoteId: noteId, followUpAddressed: 1 });
    expect([again.status, again.data.error]).toEqual([409, 'Your ratings were already sent.']);
    expect(await ratingsOf(noteId)).toEqual(['addressed 6', 'control 2']);
  });

  it('is closed once the class session has ended', async () => {
    const { courseId, today, noteId } = await courseWithCheck();
    const sent = await invoke('submissions', { body: quick(courseId, today.id), headers: student() });
    await db().query("update public.class_sessions set expires_at = now() - interval '1 minute' where id = $1", [today.id]);
    const res = await rateLater(sent.data.id, sent.data.editToken, { followUpNoteId: noteId, followUpAddressed: 4 });
    expect([res.status, res.data.error]).toEqual([403, 'This class session has ended; feedback can no longer be edited.']);
    expect(await ratingsOf(noteId)).toEqual([]);
  });
});

describe('the figures', () => {
  it("give each side's n, mean, sd and share, and the paired difference, once each side reaches the course's minimum; hidden feedback left out", async () => {
    const { courseId, today, noteId } = await courseWithCheck();
    await db().query('update public.courses set min_public_responses = 3 where id = $1', [courseId]);
    const rate = async (ratings: { followUpAddressed?: number; followUpControl?: number }) => {
      const res = await invoke('submissions', {
        body: quick(courseId, today.id, { followUpNoteId: noteId, ...ratings }),
        headers: student(),
      });
      expect(res.status).toBe(201);
      return res.data.id as string;
    };
    await rate({ followUpAddressed: 6, followUpControl: 3 });
    await rate({ followUpAddressed: 7, followUpControl: 4 });
    await rate({ followUpAddressed: 5 });
    expect(await figuresOf(noteId)).toMatchObject({ results: null });
    const last = await rate({ followUpAddressed: 6, followUpControl: 2 });
    // Addressed 6, 7, 5, 6: mean 6, sd √(2/3). Control 3, 4, 2: mean 3, sd 1. Pairs 3, 3, 4: mean 3.3333, sd √(1/3).
    // Shares: 5 and 3 of the session's 8 grouped texts.
    const expected = {
      addressed: { topic: 'the base case', groupId: expect.any(String) },
      control: { topic: 'the call stack', groupId: expect.any(String) },
      results: {
        addressed: { n: 4, mean: 6, sd: 0.8165, share: 0.625 },
        control: { n: 3, mean: 3, sd: 1, share: 0.375 },
        paired: { n: 3, mean: 3.3333, sd: 0.5774 },
      },
    };
    expect(await figuresOf(noteId)).toEqual(expected);
    expect((await anonClient().rpc('course_notes', { course_id: courseId })).data[0].figures).toEqual(expected);
    // Hidden feedback is left out, its ratings too: the control is below the minimum again.
    await db().query('update public.submissions set hidden_at = now() where id = $1', [last]);
    expect(await figuresOf(noteId)).toMatchObject({ results: null });
    // The ratings count toward nothing else: today's session has its three quick reports only.
    const { rows } = await db().query(
      'select count(*)::int as n, avg(clarity_rating) as m from public.submissions where class_session_id = $1',
      [today.id],
    );
    expect(rows[0]).toEqual({ n: 4, m: null });
  });

  it('go with the submission (retention, deletion)', async () => {
    const { courseId, today, noteId } = await courseWithCheck();
    const res = await invoke('submissions', {
      body: quick(courseId, today.id, { followUpNoteId: noteId, followUpAddressed: 3, followUpControl: 5 }),
      headers: student(),
    });
    expect(await ratingsOf(noteId)).toEqual(['addressed 3', 'control 5']);
    await db().query('delete from public.submissions where id = $1', [res.data.id]);
    expect(await ratingsOf(noteId)).toEqual([]);
  });
});
