import { type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expectMessages, fillSessionFeedback, startUsingForm } from './support/forms';
import { db } from './support/stack';
import {
  OWN_SUBMISSION,
  TIME_ZONE,
  endClassSession,
  expectToast,
  failRequests,
  holdRequests,
  professorCourse,
  seededCourse,
} from './support/student';

test.use({ timezoneId: TIME_ZONE });

const EXPIRED = 'Session not found or expired. Please ask your professor for a new link.';
const todayThere = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

const ENDED = 'This class session has ended; feedback can no longer be edited.';
const SUBMITTED = 'Your feedback has been submitted! You can edit it anytime while you stay on this page.';

const form = (page: Page) => page.getByRole('form', { name: 'Session feedback' });
const field = (page: Page, label: string) => form(page).getByLabel(label);
const storedKeys = (page: Page) => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('classpulse.feedback.')));

async function fillFeedback(page: Page, unclear: string) {
  await fillSessionFeedback(form(page), {
    mind: 'Recursion clicked today',
    unclear: unclear,
    wentWell: 'The call-stack drawings',
    pace: 'slightly_fast',
    challenge: 'slightly_hard',
  });
}

test('a class link opens Session Feedback; submit, reload prefilled, update, start fresh; one anonymous row', async ({ page }) => {
  test.setTimeout(60_000);
  const { course, session } = await professorCourse({ withSession: true, topic: 'Pointers' });
  const held = await holdRequests(page, '**/rest/v1/rpc/resolve_class_token**');
  await page.goto(`/class/${session!.accessToken}`);
  await expect(page.getByText('Validating session link...')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  held.release();

  await expect(page).toHaveURL(/\/class-session\?/);
  const params = new URL(page.url()).searchParams;
  expect(params.get('sessionId')).toBe(session!.sessionId);
  expect(params.get('courseId')).toBe(course.id);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Session Feedback');
  await expect(page.getByText(`${course.code} ${course.name}`)).toBeVisible();
  await expect(page.getByTestId('session-note')).toHaveText(/^Session date: \w+day, \w+ \d{1,2}, \d{4} - Link expires at 11:59\sPM$/);
  await expect(page.getByText(/^Your feedback is anonymous\./)).toBeVisible();
  await expect(form(page).getByLabel('Course')).toHaveCount(0);

  // Sliders: clarity 1–7 (default 4, end labels), confidence 0–100 step 5 (default 50).
  const clarity = field(page, 'How clear was this session?');
  await expect(clarity).toHaveValue('4');
  await expect(clarity).toHaveAttribute('min', '1');
  await expect(clarity).toHaveAttribute('max', '7');
  await expect(form(page).getByText('Very unclear', { exact: true })).toBeVisible();
  await expect(form(page).getByText('Very clear', { exact: true })).toBeVisible();
  const confidence = field(page, 'How confident do you feel about the material?');
  await expect(confidence).toHaveValue('50');
  await expect(confidence).toHaveAttribute('step', '5');
  await expect(confidence).toHaveAttribute('max', '100');
  await expect(page.getByRole('button', { name: 'Start Fresh' })).toBeVisible();

  // Validation with the shared schema's messages.
  await page.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await expectMessages(form(page), [
    'Please share what is on your mind after this session',
    'Please describe what was unclear',
    'Please share what went well',
    'Please choose how the pace felt',
    'Please choose how challenging the session was',
  ]);
  await expectNoSeriousA11yViolations(page);

  // Keyboard only: type, Tab between fields, arrows for the selects and sliders, Enter on the button.
  await field(page, "What's on your mind after this session?").focus();
  await page.keyboard.type('Pointers finally make sense');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Pointer arithmetic on arrays');
  await page.keyboard.press('Tab');
  await page.keyboard.type('The memory diagrams');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown'); // pace: Too slow
  await page.keyboard.press('ArrowDown'); // Slightly slow
  await page.keyboard.press('ArrowDown'); // Just right
  await page.keyboard.press('Tab');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown'); // Challenging but manageable
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight'); // clarity 5
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowLeft'); // confidence 45
  await page.keyboard.press('Tab'); // Start Fresh
  await page.keyboard.press('Tab'); // Submit Anonymous Feedback
  await expect(page.getByRole('button', { name: 'Submit Anonymous Feedback' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expectToast(page, 'Submitted!', 'Your feedback has been submitted! You can edit it anytime while you stay on this page.');
  await expect(page.getByRole('button', { name: 'Update Feedback' })).toBeVisible();
  const stored = await page.evaluate(() => Object.entries(sessionStorage).filter(([key]) => key.startsWith('classpulse.feedback.')));
  expect(stored).toHaveLength(1);
  expect(stored[0]![0]).toBe(`classpulse.feedback.${course.id}.${session!.sessionId}`);

  // Reload: prefilled from the server, still in edit mode.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Update Feedback' })).toBeVisible();
  await expect(field(page, "What's on your mind after this session?")).toHaveValue('Pointers finally make sense');
  await expect(field(page, 'What parts were unclear?')).toHaveValue('Pointer arithmetic on arrays');
  await expect(field(page, 'What went well?')).toHaveValue('The memory diagrams');
  await expect(field(page, 'How was the pace?')).toHaveValue('just_right');
  await expect(field(page, 'How challenging was it?')).toHaveValue('challenging_manageable');
  await expect(field(page, 'How clear was this session?')).toHaveValue('5');
  await expect(field(page, 'How confident do you feel about the material?')).toHaveValue('45');

  await field(page, 'What parts were unclear?').fill('Only pointer arithmetic now');
  await page.getByRole('button', { name: 'Update Feedback' }).click();
  await expectToast(page, 'Updated!', 'Your feedback has been updated successfully.');

  // The database holds exactly the updated row, and nothing that could identify the student.
  const { rows } = await db().query('select * from public.submissions where class_session_id = $1', [session!.sessionId]);
  expect(rows).toHaveLength(1);
  const row = rows[0] as Record<string, unknown>;
  expect(row).toMatchObject({
    kind: 'session',
    course_id: course.id,
    mind_after_session: 'Pointers finally make sense',
    unclear_parts: 'Only pointer arithmetic now',
    went_well: 'The memory diagrams',
    pace: 'just_right',
    challenge_level: 'challenging_manageable',
    clarity_rating: 5,
    confidence_level: 45,
    topic: 'Pointers',
  });
  expect(Object.keys(row).filter((column) => /ip|agent|device|user|email|name/i.test(column))).toEqual([]);
  const deviceId = await page.evaluate(() => localStorage.getItem('classpulse.deviceId'));
  expect(deviceId).toBeTruthy();
  const everywhere = await db().query(
    `select count(*)::int as n from public.submissions s, public.rate_limit_buckets r
     where s.class_session_id = $1 and (to_jsonb(s)::text like '%' || $2 || '%' or to_jsonb(r)::text like '%' || $2 || '%')`,
    [session!.sessionId, deviceId],
  );
  expect(everywhere.rows[0].n).toBe(0);

  // Start Fresh: empty form, defaults, create mode, nothing stored.
  await page.getByRole('button', { name: 'Start Fresh' }).click();
  await expect(page.getByRole('button', { name: 'Submit Anonymous Feedback' })).toBeVisible();
  await expect(field(page, "What's on your mind after this session?")).toHaveValue('');
  await expect(field(page, 'What parts were unclear?')).toHaveValue('');
  await expect(field(page, 'How was the pace?')).toHaveValue('');
  await expect(field(page, 'How clear was this session?')).toHaveValue('4');
  await expect(field(page, 'How confident do you feel about the material?')).toHaveValue('50');
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('classpulse.feedback.')))).toEqual([]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Submit Anonymous Feedback' })).toBeVisible();
  const after = await db().query('select count(*)::int as n from public.submissions where class_session_id = $1', [session!.sessionId]);
  expect(after.rows[0].n).toBe(1);
});

test('an expired class link lands on / with the expired-link banner and a clean address bar', async ({ page }) => {
  const { session } = await professorCourse({ withSession: true });
  await db().query(`update public.class_sessions set expires_at = now() - interval '1 minute' where id = $1`, [session!.sessionId]);
  await page.goto(`/class/${session!.accessToken}`);
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).search).toBe('');
  await expectNoSeriousA11yViolations(page);
});

test('a deactivated class link lands on / with the expired-link banner', async ({ page }) => {
  const { session } = await professorCourse({ withSession: true });
  await db().query('update public.class_sessions set is_active = false where id = $1', [session!.sessionId]);
  await page.goto(`/class/${session!.accessToken}`);
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).search).toBe('');
});

test('a stored edit token the server no longer accepts returns the form to create mode', async ({ page }) => {
  const course = await seededCourse('COSC 1337');
  const sessionId = todayThere();
  await page.goto(`/class-session?courseId=${course.id}&sessionId=${sessionId}`);
  await expect(page.getByRole('button', { name: 'Submit Anonymous Feedback' })).toBeVisible();
  const bogus = '00000000-0000-4000-8000-000000000000';
  await page.evaluate(
    ([key, value]) => sessionStorage.setItem(key!, value!),
    [`classpulse.feedback.${course.id}.${sessionId}`, JSON.stringify({ id: bogus, editToken: `${bogus}.not-the-secret` })],
  );

  await page.reload();
  // The page's HTML is the create form; what counts is the island's answer once the server refused the token.
  await expect.poll(() => storedKeys(page)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Submit Anonymous Feedback' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Update Feedback' })).toHaveCount(0);
  await expect(page.getByText('Unable to load your feedback')).toHaveCount(0);
  await expect(field(page, "What's on your mind after this session?")).toHaveValue('');
});

test('edit mode: a failed update keeps the content; a failed read keeps the token; after the session ends it is read-only', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { course, session } = await professorCourse({ withSession: true });
  const sessionId = session!.sessionId;
  await page.goto(`/class-session?courseId=${course.id}&sessionId=${sessionId}`);
  // Filled in before the page's script ran, the form would be posted by the browser itself, and
  // the island's toast would never come (docs/testing.md, "Proving a spec stable").
  await startUsingForm(form(page));
  await fillFeedback(page, 'Base cases of recursion');
  await page.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await expectToast(page, 'Submitted!', SUBMITTED);

  // The network drops while updating: the seed's toast, the edit stays in the form and in edit mode.
  const offline = await failRequests(page, OWN_SUBMISSION, { method: 'PUT' });
  await field(page, 'What parts were unclear?').fill('Only the base cases now');
  await page.getByRole('button', { name: 'Update Feedback' }).click();
  await expectToast(page, 'Error', 'Failed to update feedback');
  await expect(field(page, 'What parts were unclear?')).toHaveValue('Only the base cases now');
  await expect(page.getByRole('button', { name: 'Update Feedback' })).toBeEnabled();
  const unclear = async () =>
    (await db().query('select unclear_parts from public.submissions where class_session_id = $1', [sessionId])).rows;
  expect(await unclear()).toEqual([{ unclear_parts: 'Base cases of recursion' }]);

  // Back online: the same edit goes through.
  await offline.stop();
  await page.getByRole('button', { name: 'Update Feedback' }).click();
  await expectToast(page, 'Updated!', 'Your feedback has been updated successfully.');
  expect(await unclear()).toEqual([{ unclear_parts: 'Only the base cases now' }]);

  // Reading it back fails once: an error state with "Try again", and the token is kept (no way to a duplicate).
  await failRequests(page, OWN_SUBMISSION, { method: 'GET', times: 1 });
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to load your feedback' })).toContainText(
    'Please check your connection and try again.',
  );
  await expect(page.getByRole('button', { name: 'Submit Anonymous Feedback' })).toHaveCount(0);
  expect(await storedKeys(page)).toEqual([`classpulse.feedback.${course.id}.${sessionId}`]);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Update Feedback' })).toBeVisible();
  await expect(field(page, 'What parts were unclear?')).toHaveValue('Only the base cases now');
  await expect(field(page, 'How was the pace?')).toHaveValue('slightly_fast');

  // The class session ends: the feedback stays visible, read-only, with the note; nothing can be sent.
  await endClassSession(sessionId);
  await page.reload();
  await expect(page.getByText(ENDED, { exact: true })).toBeVisible();
  await expect(field(page, "What's on your mind after this session?")).toHaveValue('Recursion clicked today');
  await expect(field(page, 'What parts were unclear?')).toHaveValue('Only the base cases now');
  for (const label of ["What's on your mind after this session?", 'What parts were unclear?', 'What went well?']) {
    await expect(field(page, label)).not.toBeEditable();
  }
  for (const label of [
    'How was the pace?',
    'How challenging was it?',
    'How clear was this session?',
    'How confident do you feel about the material?',
  ]) {
    await expect(field(page, label)).toBeDisabled();
  }
  await expect(field(page, 'How challenging was it?')).toHaveValue('slightly_hard');
  await expect(page.getByRole('button', { name: 'Update Feedback' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Start Fresh' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Submit Anonymous Feedback' })).toHaveCount(0);
  expect(await storedKeys(page)).toHaveLength(1);
  await expectNoSeriousA11yViolations(page);
  expect(await unclear()).toEqual([{ unclear_parts: 'Only the base cases now' }]);
});
