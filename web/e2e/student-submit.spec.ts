import { type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expectFormHydrated } from './support/forms';
import { db } from './support/stack';
import {
  OWN_SUBMISSION,
  TIME_ZONE,
  inTimeZone,
  endClassSession,
  expectToast,
  failRequests,
  holdRequests,
  professorCourse,
  seededCourse,
  sessionOfSubmission,
} from './support/student';

test.use({ timezoneId: TIME_ZONE, permissions: ['clipboard-read', 'clipboard-write'] });

const form = (page: Page) => page.getByRole('form', { name: 'Feedback' });
const SENT = 'Thank you for your feedback. Your submission has been sent anonymously.';
const SAVED = 'Saved on this phone. It will be sent when you are back online.';

test('submit by keyboard, copy the private track link, open it in a fresh page and edit', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const course = await seededCourse('COSC 1337');
  await page.goto(`/submit?courseId=${course.id}`);
  await expect(form(page).getByLabel('Course')).toHaveValue(course.id);
  await expect(form(page).getByLabel('Course').locator('option:checked')).toHaveText('COSC 1337 - Introduction to Programming');

  // Keyboard only.
  await form(page).getByLabel('Topic').focus();
  await page.keyboard.type('Recursion base cases');
  await page.keyboard.press('Tab');
  await page.keyboard.type('I do not see when the recursion stops and returns.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space'); // Slightly confused
  await page.keyboard.press('ArrowRight'); // Very confused
  await expect(form(page).getByRole('radio', { name: 'Very confused' })).toBeChecked();

  const held = await holdRequests(page, '**/functions/v1/submissions');
  const posted = page.waitForRequest((r) => r.url().includes('/functions/v1/submissions') && r.method() === 'POST');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Submit Feedback', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  const request = await posted;
  // Without ?sessionId= the form never sends the phone's date: "today" is the course's class day, which the server reckons.
  expect(request.postDataJSON()).toEqual({
    courseId: course.id,
    topic: 'Recursion base cases',
    confusion: 'I do not see when the recursion stops and returns.',
    difficultyLevel: 'very',
    sessionId: 'today',
  });
  expect(request.headers()['x-device-id']).toMatch(/^[0-9a-f-]{36}$/);
  held.release();

  await expectToast(page, 'Submission Sent!', SENT);
  // The form resets (course preselected again), and the private link appears.
  await expect(form(page).getByLabel('Topic')).toHaveValue('');
  await expect(form(page).getByLabel('What confused you?')).toHaveValue('');
  await expect(form(page).getByRole('radio', { name: 'Very confused' })).not.toBeChecked();
  await expect(form(page).getByLabel('Course')).toHaveValue(course.id);
  const linkBox = page.getByRole('textbox', { name: 'Your private track link' });
  await expect(linkBox).toHaveValue(/\/track\/[0-9a-f-]{36}\.[A-Za-z0-9_-]+$/);
  const link = await linkBox.inputValue();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expectToast(page, 'Copied!', 'Link copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A fresh browser context: nothing but the link.
  const fresh = await browser.newContext({ timezoneId: TIME_ZONE, viewport: page.viewportSize() });
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Your Anonymous Feedback');
  await expect(form(other).getByText('COSC 1337 - Introduction to Programming')).toBeVisible();
  await expect(form(other).getByLabel('Topic')).toHaveValue('Recursion base cases');
  await expect(form(other).getByLabel('What confused you?')).toHaveValue('I do not see when the recursion stops and returns.');
  await expect(form(other).getByRole('radio', { name: 'Very confused' })).toBeChecked();
  await expectNoSeriousA11yViolations(other);

  await form(other).getByLabel('Topic').fill('Recursion: the base case');
  await form(other).getByRole('radio', { name: 'Completely lost' }).check();
  await other.getByRole('button', { name: 'Update Feedback' }).click();
  await expectToast(other, 'Updated!', 'Your feedback has been updated successfully.');

  const id = link.split('/track/')[1]!.split('.')[0]!;
  // Filed under the course's class day (its time zone, TIME_ZONE here).
  const { rows: days } = await db().query('select session_date::text as day from public.class_sessions where id = $1', [
    await sessionOfSubmission(id),
  ]);
  expect(days).toEqual([{ day: new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date()) }]);
  const { rows } = await db().query('select kind, topic, confusion, difficulty_level from public.submissions where id = $1', [id]);
  expect(rows).toEqual([
    {
      kind: 'quick',
      topic: 'Recursion: the base case',
      confusion: 'I do not see when the recursion stops and returns.',
      difficulty_level: 'completely',
    },
  ]);
  await other.reload();
  await expect(form(other).getByLabel('Topic')).toHaveValue('Recursion: the base case');
  await fresh.close();
});

test("past local midnight the form keeps what was typed and still sends the course's today, never the phone's date", async ({ page }) => {
  await page.clock.install({ time: inTimeZone('2026-11-25T23:59:30') });
  const course = await seededCourse('MATH 2413');
  await page.goto(`/submit?courseId=${course.id}`);
  // Sent by the island, which re-renders the page as it sends (a tap before it posts the form itself).
  await expectFormHydrated(form(page));
  await form(page).getByLabel('Topic').fill('Chain rule');
  await form(page).getByLabel('What confused you?').fill('Which function is the inner one?');
  await form(page).getByRole('radio', { name: 'Very confused' }).check();

  // Midnight passes while the student types. Sending re-renders the page: nothing may be lost, and
  // the session is the server's "today" (the course's class day), whatever the phone's clock says.
  // (The network is down here, so nothing is stored.)
  await page.clock.fastForward('01:00');
  await failRequests(page, '**/functions/v1/submissions', { method: 'POST' });
  const posted = page.waitForRequest((r) => r.url().includes('/functions/v1/submissions') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Submit Feedback', exact: true }).click();
  expect((await posted).postDataJSON()).toMatchObject({ courseId: course.id, topic: 'Chain rule', sessionId: 'today' });
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
  await expect(form(page).getByLabel('Topic')).toHaveValue('Chain rule');
  await expect(form(page).getByLabel('What confused you?')).toHaveValue('Which function is the inner one?');
  await expect(form(page).getByRole('radio', { name: 'Very confused' })).toBeChecked();
});

test('a track link whose read fails offers "Try again"; after the session ended it shows the feedback read-only', async ({ page }) => {
  test.setTimeout(60_000);
  const { course } = await professorCourse();
  await page.goto(`/submit?courseId=${course.id}`);
  await expect(form(page).getByLabel('Course')).toHaveValue(course.id);
  await form(page).getByLabel('Topic').fill('Big-O notation');
  await form(page).getByLabel('What confused you?').fill('Why constants are dropped from the bound.');
  await form(page).getByRole('radio', { name: 'Slightly confused' }).check();
  await page.getByRole('button', { name: 'Submit Feedback', exact: true }).click();
  await expectToast(page, 'Submission Sent!', SENT);
  const link = await page.getByRole('textbox', { name: 'Your private track link' }).inputValue();
  const id = link.split('/track/')[1]!.split('.')[0]!;
  await endClassSession(await sessionOfSubmission(id));

  // The first read fails on the network: not "Submission Not Found", but a retry.
  await failRequests(page, OWN_SUBMISSION, { method: 'GET', times: 1 });
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 2, name: 'Unable to load your submission' })).toBeVisible();
  await expect(page.getByText('Please check your connection and try again.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Submission Not Found' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Try again' }).click();

  // The session has ended: the feedback, read-only, with the note and no Update button.
  await expect(page.getByText('This class session has ended; feedback can no longer be edited.', { exact: true })).toBeVisible();
  await expect(form(page).getByText(`${course.code} - ${course.name}`)).toBeVisible();
  await expect(form(page).getByLabel('Topic')).toHaveValue('Big-O notation');
  await expect(form(page).getByLabel('Topic')).not.toBeEditable();
  await expect(form(page).getByLabel('What confused you?')).toHaveValue('Why constants are dropped from the bound.');
  await expect(form(page).getByLabel('What confused you?')).not.toBeEditable();
  await expect(form(page).getByRole('radio', { name: 'Slightly confused' })).toBeChecked();
  await expect(form(page).getByRole('radio', { name: 'Completely lost' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update Feedback' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
