// GET /submissions/form-page, its second part: Session Feedback's notes from the professor, for a
// host that serves the page with them (nginx's SSI; docs/decisions/first-paint.md, "Notes on the
// page as first served"). The first part, the check, is tested in follow-up.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithEmailCode, type SignedIn } from '../../../testing/vitest.ts';
import { createCourse, createSession } from '../fixtures.ts';
import { raw } from './helpers.ts';

let A: SignedIn;

beforeAll(async () => {
  A = await signInWithEmailCode();
});

/** The notes' part of the page's line: after the `~` that ends the check (none in these courses). */
const notesLine = async (query: string) => {
  const res = await raw(`submissions/form-page?${query}`, { method: 'GET' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(res.data).toMatch(/^~/);
  return (res.data as string).slice(1);
};

async function note(sessionId: string, body: string) {
  const { error } = await A.client.from('session_notes').insert({ session_id: sessionId, body });
  expect(error).toBeNull();
}

describe("Session Feedback's notes for a host that serves the page with them (GET /submissions/form-page)", () => {
  it("are the class session's notes, newest first, by session, by course and class day, by a day, or by class link", async () => {
    const courseId = (await createCourse(A.userId)).id;
    const earlier = await createSession(courseId, { daysFromToday: -2, expired: true });
    const today = await createSession(courseId);
    await note(earlier.id, 'Two days ago.');
    await note(today.id, 'We redid the example | slower, with <code>.');
    await note(today.id, "O'Brien's $5 question:\nsee the slides.");
    const todays = '2|O&#39;Brien&#39;s &#36;5 question:\nsee the slides.|We redid the example &#124; slower, with &lt;code&gt;.';

    expect(await notesLine(`page=/class-session&courseId=${courseId}&sessionId=${today.id}`)).toBe(todays);
    expect(await notesLine(`page=/class-session/&courseId=${courseId}`)).toBe(todays);
    expect(await notesLine(`page=/class/${today.access_token}`)).toBe(todays);
    expect(await notesLine(`page=/class-session&courseId=${courseId}&sessionId=${earlier.id}`)).toBe('1|Two days ago.');
    expect(await notesLine(`page=/class-session&courseId=${courseId}&sessionId=${earlier.session_date}`)).toBe('1|Two days ago.');
  });

  it('is empty for a session without notes, Submit Feedback, another page, a link that opens nothing, or a session with more notes than the page holds', async () => {
    const courseId = (await createCourse(A.userId)).id;
    const today = await createSession(courseId);
    expect(await notesLine(`page=/class-session&courseId=${courseId}&sessionId=${today.id}`)).toBe('');
    await note(today.id, 'One.');
    expect(await notesLine(`page=/submit&courseId=${courseId}`)).toBe('');
    expect(await notesLine(`page=/track/${today.access_token}&courseId=${courseId}`)).toBe('');
    expect(await notesLine(`page=/class/${'x'.repeat(30)}`)).toBe('');
    expect(await notesLine(`page=/class-session&courseId=${courseId}&sessionId=${today.id}`)).toBe('1|One.');
    for (const body of ['Two.', 'Three.', 'Four.']) await note(today.id, body);
    expect(await notesLine(`page=/class-session&courseId=${courseId}&sessionId=${today.id}`)).toBe('');
  });
});
