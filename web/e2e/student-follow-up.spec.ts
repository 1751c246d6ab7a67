// "Did it help?" (docs/decisions/follow-up-checks.md): a professor posts a note with a check
// question from the live view; the students of the course's next class session see the note and
// the question above their form and answer it; the note then shows clarity before and after, in
// the live view and on the course page.
import { randomInt, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { anonClient, db, putSessionInBrowser } from './support/stack';
import { TIME_ZONE, expectToast, professorCourse } from './support/student';
import { fillSessionFeedback } from './support/forms';

test.use({ timezoneId: TIME_ZONE });
test.describe.configure({ timeout: 90_000 });

const QUESTION = 'Is recursion clearer now?';
const NOTE = 'Next class I will redo the recursion example';

test('a check question posted with a note is answered by the next session, then shows before and after', async ({
  browser,
  page,
  baseURL,
}) => {
  const c = await professorCourse({ withSession: true });
  const context = await browser.newContext({ timezoneId: TIME_ZONE });
  await putSessionInBrowser(context, baseURL!, c.professor.client);
  const live = await context.newPage();
  await live.goto(`/professor/live/${c.course.id}`);
  await expect(live.getByTestId('live-indicator')).toHaveText('Live');

  // The professor posts the note with its check question on today's session.
  const notes = live.getByRole('form', { name: 'Post a note' });
  await notes.getByLabel('Note for students').fill(NOTE);
  await notes.getByLabel('Check question (optional)').fill(QUESTION);
  await notes.getByRole('button', { name: 'Post Note' }).click();
  await expectToast(live, 'Success', 'Note posted');
  await expect(live.getByTestId('posted-note')).toContainText(`Check question: ${QUESTION}`);

  // Time passes (fixtures through SQL): that session was two days ago, with three clarity ratings
  // (2, 3, 4: 3.0); today is the next class, and one answer is enough to show figures here.
  const noteSession = c.session!.sessionId;
  await db().query(
    `update public.class_sessions set session_date = session_date - 2, expires_at = expires_at - interval '2 days' where id = $1`,
    [noteSession],
  );
  for (const clarity of [2, 3, 4]) {
    await db().query(
      `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, mind_after_session, unclear_parts,
         went_well, pace, challenge_level, clarity_rating, confidence_level)
       values ($1, $2, 'session', encode(sha256(random()::text::bytea), 'hex'), 'Session feedback', 'Thinking.', 'Recursion depth', 'Examples.',
         'just_right', 'challenging_manageable', $3, 50)`,
      [c.course.id, noteSession, clarity],
    );
  }
  await db().query('update public.courses set min_public_responses = 2 where id = $1', [c.course.id]);
  const { data: today, error } = await c.professor.client.rpc('create_today_session', { course_id: c.course.id, topic: null });
  expect(error).toBeNull();
  const todayId = (today as { sessionId: string }).sessionId;

  // A student of today's session sees the note and the question above the form, and answers 6.
  await page.goto(`/class-session?courseId=${c.course.id}&sessionId=${todayId}`);
  const form = page.getByRole('form', { name: 'Session feedback' });
  const check = form.getByTestId('follow-up-check');
  await expect(check).toContainText(NOTE);
  const question = check.getByRole('group', { name: QUESTION });
  await expect(question.getByRole('radio', { name: '1 Still unclear' })).toBeVisible();
  await expect(question.getByRole('radio', { name: '7 Clear now' })).toBeVisible();
  await question.getByRole('radio', { name: '6', exact: true }).check();
  await fillSessionFeedback(form, {
    mind: 'Recursion clicked today',
    unclear: 'Why the base case comes first',
    wentWell: 'The call-stack drawings',
    pace: 'just_right',
    challenge: 'challenging_manageable',
  });
  const created = page.waitForResponse((response) => response.url().endsWith('/functions/v1/submissions') && response.status() === 201);
  await form.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await created;
  await expectNoSeriousA11yViolations(page);
  // "Start Fresh" empties the form, the answer to the check question too.
  await form.getByRole('button', { name: 'Start Fresh' }).click();
  await expect(question.getByRole('radio', { name: '7 Clear now' })).toBeVisible();
  await expect(question.getByRole('radio', { checked: true })).toHaveCount(0);

  // One answer is below the minimum (2): no figures yet.
  await page.goto(`/courses/${c.course.id}`);
  await expect(page.getByRole('region', { name: 'From your professor' })).toContainText(NOTE);
  await expect(page.getByTestId('note-figures')).toHaveCount(0);

  // A second student answers 5 with Variant A, through the function.
  const { data: noteRow } = await anonClient().rpc('follow_up_check', { course_id: c.course.id, session: todayId });
  const { error: sendError } = await anonClient().functions.invoke('submissions', {
    method: 'POST',
    body: {
      courseId: c.course.id,
      sessionId: todayId,
      topic: 'Recursion',
      confusion: 'The base case is clearer, the stack less so.',
      difficultyLevel: 'slightly',
      followUpNoteId: (noteRow as { noteId: string }).noteId,
      followUpAnswer: 5,
    },
    headers: {
      'x-device-id': `device-${randomUUID()}`,
      'x-forwarded-for': `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`,
    },
  });
  expect(sendError).toBeNull();

  const figures = 'Clarity before: 3.0 (n = 3) · after: 5.5 (n = 2)';
  await page.goto(`/courses/${c.course.id}`);
  await expect(page.getByTestId('note-figures')).toHaveText(figures);
  await live.reload();
  await expect(live.getByRole('region', { name: "Today's students are asked" }).getByTestId('note-figures')).toHaveText(figures);
  await context.close();
});

test('Submit Feedback (Variant A) asks the check question too, and sends the answer with the report', async ({ page }) => {
  const c = await professorCourse({ withSession: true });
  // The note's session was yesterday; today's link is created by the first submission.
  await db().query(
    `update public.class_sessions set session_date = session_date - 1, expires_at = expires_at - interval '1 day' where id = $1`,
    [c.session!.sessionId],
  );
  const note = await c.professor.client
    .from('session_notes')
    .insert({ session_id: c.session!.sessionId, body: NOTE, check_question: QUESTION })
    .select('id')
    .single();
  expect(note.error).toBeNull();

  await page.goto(`/submit?courseId=${c.course.id}`);
  const form = page.getByRole('form', { name: 'Feedback' });
  const check = form.getByTestId('follow-up-check');
  await expect(check).toContainText(NOTE);
  await check.getByRole('group', { name: QUESTION }).getByRole('radio', { name: '7 Clear now' }).check();
  await form.getByLabel('Topic').fill('Recursion');
  await form.getByLabel('What confused you?').fill('The call stack when it unwinds.');
  await form.getByRole('radio', { name: 'Slightly confused' }).check();
  const created = page.waitForResponse((response) => response.url().endsWith('/functions/v1/submissions') && response.status() === 201);
  await page.getByRole('button', { name: 'Submit Feedback', exact: true }).click();
  await created;
  await expect
    .poll(async () => (await db().query('select answer from public.follow_up_answers where note_id = $1', [note.data!.id])).rows)
    .toEqual([{ answer: 7 }]);
});
