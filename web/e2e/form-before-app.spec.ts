// A feedback form that works from its first paint (issues 30 and 52; docs/decisions/forms-before-the-app.md):
// what is typed before the page's island hydrates stays, with focus and caret; a tap on "Submit"
// before then is the browser's own post, after it the island's send; without JavaScript the
// browser posts the form itself and the student lands on the outcome.
import { type Page, expect, test } from '@playwright/test';
import { db } from './support/stack';
import { TIME_ZONE, endClassSession, holdRequests, professorCourse } from './support/student';
import { expectFormHydrated, fillSessionFeedback, formHydrated } from './support/forms';
import { submitFeedback } from './support/professor';

test.use({ timezoneId: TIME_ZONE });

const sessionForm = (page: Page) => page.getByRole('form', { name: 'Session feedback' });
const quickForm = (page: Page) => page.getByRole('form', { name: 'Feedback' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const FIRST_FIELD = "What's on your mind after this session?";
/** The page's code: the student pages' one script and its islands' chunks. */
const pageCode = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js');

async function rows(sessionId: string) {
  const { rows: found } = await db().query(
    'select mind_after_session, unclear_parts, went_well, pace, confusion, topic from public.submissions where class_session_id = $1',
    [sessionId],
  );
  return found;
}

test('what a student types into /class-session the moment it shows is all there once the island runs, focus and caret kept', async ({
  page,
  context,
}) => {
  const { course, session, professor } = await professorCourse({ withSession: true });
  // A note from the professor on the session: the page draws it itself once its island runs.
  const note = await professor.client
    .from('session_notes')
    .insert({ session_id: session!.sessionId, body: 'We will redo the pointer example.' });
  expect(note.error).toBeNull();
  // A phone on a slow network (Lighthouse's mobile profile), and the page's code held back until
  // the student has started typing, so the island hydrates while they type.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 204_800,
    uploadThroughput: 96_000,
  });
  const code = await holdRequests(page, pageCode);
  await page.goto(`/class-session?courseId=${course.id}&sessionId=${session!.sessionId}`, { waitUntil: 'commit' });

  const form = sessionForm(page);
  const field = form.getByLabel(FIRST_FIELD);
  await field.click();
  await page.keyboard.type('references');
  // The caret goes back to the start: what is typed from now on goes before "references".
  await page.keyboard.press('Home');
  expect(await formHydrated(form)).toBe(false);
  code.release();

  // One key at a time until the island has hydrated, and a few more after it.
  let typed = '';
  const words = 'Pointers and what the arrows in the diagrams mean, before ';
  for (const key of words) {
    await page.keyboard.type(key);
    typed += key;
    if (typed.length > 8 && (await formHydrated(form))) break;
  }
  await expectFormHydrated(form);
  await page.keyboard.type('all ');
  typed += 'all ';

  const expected = `${typed}references`;
  await expect(field).toHaveValue(expected);
  await expect(field).toBeFocused();
  expect(await field.evaluate((element: HTMLTextAreaElement) => element.selectionStart)).toBe(typed.length);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // The professor's note, drawn by the page itself as first served.
  await expect(page.getByRole('region', { name: 'From your professor' })).toContainText('We will redo the pointer example.');
  // The island sends every character.
  await fillSessionFeedback(form, {
    unclear: 'Pointer arithmetic',
    wentWell: 'The diagrams',
    pace: 'just_right',
    challenge: 'challenging_manageable',
  });
  await form.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Your private track link' })).toBeVisible();
  expect(await rows(session!.sessionId)).toEqual([
    expect.objectContaining({ mind_after_session: expected, unclear_parts: 'Pointer arithmetic' }),
  ]);
});

test('what was chosen on /submit before the island ran stays chosen, and the island sends it', async ({ page }) => {
  const { course } = await professorCourse();
  const code = await holdRequests(page, pageCode);
  await page.goto(`/submit?courseId=${course.id}`, { waitUntil: 'commit' });
  await quickForm(page).getByLabel('Topic').fill('Recursion');
  await quickForm(page).getByLabel('What confused you?').fill('Where the calls stop');
  await quickForm(page).getByRole('radio', { name: 'Completely lost' }).check();
  await quickForm(page).getByLabel('Topic').focus();
  code.release();
  // The island fills the course list, the address's course chosen.
  await expect(quickForm(page).getByLabel('Course')).toHaveValue(course.id, { timeout: 30_000 });
  await expectFormHydrated(quickForm(page));
  await expect(quickForm(page).getByLabel('Topic')).toHaveValue('Recursion');
  await expect(quickForm(page).getByLabel('Topic')).toBeFocused();
  await expect(quickForm(page).getByLabel('What confused you?')).toHaveValue('Where the calls stop');
  await expect(quickForm(page).getByRole('radio', { name: 'Completely lost' })).toBeChecked();
  await quickForm(page).getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Your private track link' })).toBeVisible();
  await expect(page).toHaveURL(/\/submit\?courseId=/);
  const { rows: found } = await db().query('select topic, difficulty_level from public.submissions where course_id = $1', [course.id]);
  expect(found).toEqual([{ topic: 'Recursion', difficulty_level: 'completely' }]);
});

test('a tap on "Submit" before the island has hydrated is the browser\'s own post: the outcome page, one row', async ({ page }) => {
  const { course, session } = await professorCourse({ withSession: true });
  const code = await holdRequests(page, pageCode);
  await page.goto(`/submit?courseId=${course.id}`, { waitUntil: 'commit' });
  const form = quickForm(page);
  await form.getByLabel('Topic').fill('Recursion');
  await form.getByLabel('What confused you?').fill('Tapped on a slow phone');
  await form.getByRole('radio', { name: 'Very confused' }).check();
  expect(await formHydrated(form)).toBe(false);
  await form.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(heading(page, 'Submission Sent!')).toBeVisible();
  await expect(page).toHaveURL(/\/submit\/sent\?courseId=/);
  code.release();
  expect(await rows(session!.sessionId)).toEqual([expect.objectContaining({ confusion: 'Tapped on a slow phone' })]);
});

test("an incomplete form is checked by the browser before the island runs, and by the island's messages after", async ({ page }) => {
  const { course, session } = await professorCourse({ withSession: true });
  const code = await holdRequests(page, pageCode);
  await page.goto(`/submit?courseId=${course.id}`, { waitUntil: 'commit' });
  const form = quickForm(page);
  await form.getByLabel('Topic').fill('Recursion');
  await form.getByRole('button', { name: 'Submit Feedback' }).click();
  // The browser's own check of the required fields: nothing is sent, the first one left empty has focus.
  await expect(form.getByLabel('What confused you?')).toBeFocused();
  await expect(page).toHaveURL(/\/submit\?courseId=/);
  code.release();
  await expectFormHydrated(form);
  await form.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(form.getByText('Please describe your confusion in more detail')).toBeVisible({ timeout: 20_000 });
  await expect(form.getByLabel('Topic')).toHaveValue('Recursion');
  expect(await rows(session!.sessionId)).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Variant B is sent by the browser itself and the student sees it was', async ({ page }) => {
    const { course, session } = await professorCourse({ withSession: true });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`/class-session?courseId=${course.id}&sessionId=${session!.sessionId}`);
    const form = sessionForm(page);
    // The browser checks the required fields itself: nothing is sent yet.
    await form.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
    await expect(form.getByLabel(FIRST_FIELD)).toBeFocused();
    expect(await rows(session!.sessionId)).toEqual([]);

    await fillSessionFeedback(form, {
      mind: 'Pointers today',
      unclear: 'Without any script at all',
      wentWell: 'The diagrams',
      pace: 'just_right',
      challenge: 'challenging_manageable',
    });
    await form.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();

    await expect(heading(page, 'Submitted!')).toBeVisible();
    await expect(page.getByText('Your feedback has been submitted anonymously.')).toBeVisible();
    await expect(page).toHaveURL(/\/class-session\/sent\?/);
    expect(await rows(session!.sessionId)).toEqual([
      expect.objectContaining({ unclear_parts: 'Without any script at all', pace: 'just_right' }),
    ]);
    // The edit token is in the address's fragment only: no request ever carried it.
    const secret = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('token')!.split('.')[1]!;
    expect(secret).toHaveLength(43);
    expect(requested.filter((url) => url.includes(secret))).toEqual([]);
  });

  test('Variant A is sent by the browser itself, once', async ({ page }) => {
    const { course, session } = await professorCourse({ withSession: true });
    await page.goto(`/submit?courseId=${course.id}`);
    const form = quickForm(page);
    await form.getByLabel('Topic').fill('Recursion');
    await form.getByLabel('What confused you?').fill('Where the calls stop, without a script');
    await form.getByRole('radio', { name: 'Very confused' }).check();
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(heading(page, 'Submission Sent!')).toBeVisible();
    await expect(page.getByText('Thank you for your feedback. Your submission has been sent anonymously.')).toBeVisible();
    expect(await rows(session!.sessionId)).toEqual([
      expect.objectContaining({ topic: 'Recursion', confusion: 'Where the calls stop, without a script' }),
    ]);
  });

  test('a refusal lands on "not sent", and Back returns to the form with what was typed', async ({ page }) => {
    const { course, session } = await professorCourse({ withSession: true });
    await endClassSession(session!.sessionId);
    await page.goto(`/class-session?courseId=${course.id}&sessionId=${session!.sessionId}`);
    const form = sessionForm(page);
    await fillSessionFeedback(form, {
      mind: 'Pointers today',
      unclear: 'Sent after the class ended',
      wentWell: 'The diagrams',
      pace: 'too_fast',
      challenge: 'challenging_manageable',
    });
    await form.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
    await expect(heading(page, 'Your feedback was not sent')).toBeVisible();
    await expect(page).toHaveURL(/\/class-session\/not-sent\?/);
    expect(await rows(session!.sessionId)).toEqual([]);
    await page.goBack();
    await expect(sessionForm(page).getByLabel('What parts were unclear?')).toHaveValue('Sent after the class ended');
  });
});

test("when the page's code failed to load, a refusal's page shows the messages by field and the form again with what was typed", async ({
  page,
}) => {
  const { course, session } = await professorCourse({ withSession: true });
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/submit?courseId=${course.id}`);
  const form = quickForm(page);
  // Blank to the server, not to the browser: only spaces.
  await form.getByLabel('Topic').fill('   ');
  await form.getByLabel('What confused you?').fill('Base cases and the call stack');
  await form.getByRole('radio', { name: 'Slightly confused' }).check();
  // Without its code the page is its HTML form, which the browser posts; the next page loads its code.
  expect(await formHydrated(form)).toBe(false);
  await page.unroute('**/assets/*.js');
  await form.getByRole('button', { name: 'Submit Feedback' }).click();

  await expect(heading(page, 'Your feedback was not sent')).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'Your feedback was not sent' });
  await expect(alert.getByRole('listitem')).toHaveText(['Topic: Please enter a topic']);
  // The fragment (with what was typed) has left the address.
  await expect(page).toHaveURL(new RegExp(`/submit/not-sent\\?courseId=${course.id}$`));
  await page.getByRole('link', { name: 'Back to the Form' }).click();
  await expect(quickForm(page).getByLabel('What confused you?')).toHaveValue('Base cases and the call stack');
  await expect(quickForm(page).getByRole('radio', { name: 'Slightly confused' })).toBeChecked();
  await quickForm(page).getByLabel('Topic').fill('Recursion');
  await quickForm(page).getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Your private track link' })).toBeVisible();
  expect(await rows(session!.sessionId)).toEqual([
    expect.objectContaining({ topic: 'Recursion', confusion: 'Base cases and the call stack' }),
  ]);
});

test("a private link's page gives the API only the site's origin as Referer, never its address", async ({ page }) => {
  const { course, session } = await professorCourse({ withSession: true });
  const own = await submitFeedback(course.id, session!.sessionId, 'Recursion');
  // The form pages send their address (their post without JavaScript needs it); a private link's page never does.
  const read = page.waitForRequest(
    (request) => request.url().endsWith(`/functions/v1/submissions/${own.id}`) && request.method() === 'GET',
  );
  await page.goto(`/track/${own.editToken}`);
  expect((await read).headers().referer).toBe(`${new URL(page.url()).origin}/`);
  await expect(page.getByRole('form', { name: 'Feedback' }).getByLabel('Topic')).toHaveValue('Recursion');
});
