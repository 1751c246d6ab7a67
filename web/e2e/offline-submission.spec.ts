// Nothing lost on bad Wi-Fi (issue 30, item 3; docs/decisions/offline-submissions.md): a
// submission that fails for the network is kept on the device, shown as saved, and sent exactly
// once when the connection returns; a refusal is shown and not sent again.
import { type Locator, type Page, expect, test } from '@playwright/test';
import { db } from './support/stack';
import { TIME_ZONE, endClassSession, expectToast, professorCourse } from './support/student';
import { expectFormHydrated, expectValidationLoaded, fillSessionFeedback, startUsingForm } from './support/forms';

test.use({ timezoneId: TIME_ZONE, serviceWorkers: 'allow' });

const SAVED = 'Saved on this phone. It will be sent when you are back online.';
const SENT = 'Thank you for your feedback. Your submission has been sent anonymously.';
const SUBMITTED = 'Your feedback has been submitted! You can edit it anytime while you stay on this page.';
const SUBMISSIONS = '**/functions/v1/submissions';

const quickForm = (page: Page) => page.getByRole('form', { name: 'Feedback' });
const sessionForm = (page: Page) => page.getByRole('form', { name: 'Session feedback' });
const savedNotice = (page: Page) => page.getByRole('status').filter({ hasText: SAVED });

async function rowsOfCourse(courseId: string): Promise<{ confusion: string | null; unclear_parts: string | null }[]> {
  const { rows } = await db().query('select confusion, unclear_parts from public.submissions where course_id = $1', [courseId]);
  return rows;
}

/** Counts the page's create requests (POST /functions/v1/submissions), whatever became of them. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/functions/v1/submissions'))
      posts.push(r.headers()['idempotency-key'] ?? '');
  });
  return posts;
}

/** Until the success toast shows: an attempt after a failure runs on a backoff (2 s, 4 s, 8 s …). */
const sentFromDevice = (page: Page, text: string) =>
  expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text })).toBeVisible({ timeout: 20_000 });

/**
 * These tests are about the island's own offline handling: the form has hydrated, and its
 * validation code (fetched when a field first has focus) is on the phone before the network goes
 * (a tap before the island runs is the browser's own post: form-before-app.spec.ts).
 */
async function readyToSendOffline(page: Page, form: Locator) {
  await expectFormHydrated(form);
  await expectValidationLoaded(page);
}

async function fillQuick(page: Page, confusion: string) {
  await expect(quickForm(page).getByLabel('Course')).not.toHaveValue('');
  await quickForm(page).getByLabel('Topic').fill('Recursion');
  await quickForm(page).getByLabel('What confused you?').fill(confusion);
  await quickForm(page).getByRole('radio', { name: 'Very confused' }).check();
  await readyToSendOffline(page, quickForm(page));
}

async function fillSession(page: Page, unclear: string) {
  await startUsingForm(sessionForm(page));
  await fillSessionFeedback(sessionForm(page), {
    mind: 'Pointers today',
    unclear: unclear,
    wentWell: 'The diagrams',
    pace: 'just_right',
    challenge: 'slightly_hard',
  });
  await readyToSendOffline(page, sessionForm(page));
}

test('Variant A: offline at "Submit" is saved on the phone, then sent once when back online', async ({ page, context }) => {
  const { course } = await professorCourse();
  const posts = countPosts(page);
  await page.goto(`/submit?courseId=${course.id}`);
  await fillQuick(page, 'Where the recursion stops, offline');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit Feedback', exact: true }).click();
  await expect(savedNotice(page)).toBeVisible();
  await expect(quickForm(page).getByLabel('What confused you?')).toHaveValue('Where the recursion stops, offline');
  expect(await rowsOfCourse(course.id)).toEqual([]);

  await context.setOffline(false);
  await expectToast(page, 'Submission Sent!', SENT);
  await expect(page.getByRole('textbox', { name: 'Your private track link' })).toBeVisible();
  await expect(savedNotice(page)).toHaveCount(0);
  await expect(quickForm(page).getByLabel('What confused you?')).toHaveValue('');
  await expect.poll(() => rowsOfCourse(course.id)).toEqual([{ confusion: 'Where the recursion stops, offline', unclear_parts: null }]);
  // Every attempt carried the same key.
  expect(new Set(posts).size).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('classpulse.pendingSubmissions'))).toBeNull();
});

test('Variant B: offline at "Submit" is saved on the phone, then sent once when back online', async ({ page, context }) => {
  const { course, session } = await professorCourse({ withSession: true });
  await page.goto(`/class-session?courseId=${course.id}&sessionId=${session!.sessionId}`);
  await fillSession(page, 'Pointer arithmetic, offline');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await expect(savedNotice(page)).toBeVisible();
  await expect(sessionForm(page).getByLabel('What parts were unclear?')).toHaveValue('Pointer arithmetic, offline');
  await expect(sessionForm(page).getByLabel('How was the pace?')).toHaveValue('just_right');

  await context.setOffline(false);
  await expectToast(page, 'Submitted!', SUBMITTED);
  await expect(page.getByRole('button', { name: 'Update Feedback' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your private track link' })).toBeVisible();
  await expect(savedNotice(page)).toHaveCount(0);
  await expect.poll(() => rowsOfCourse(course.id)).toEqual([{ confusion: null, unclear_parts: 'Pointer arithmetic, offline' }]);
});

test('a reload while saved keeps it on the phone, shown in the form, and sends it once back online', async ({ page, context }) => {
  const { course } = await professorCourse();
  const posts = countPosts(page);
  await page.goto(`/submit?courseId=${course.id}`);
  await fillQuick(page, 'What the base case returns');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit Feedback', exact: true }).click();
  await expect(savedNotice(page)).toBeVisible();

  // Back online, but every create still gets no answer (a dropped connection), across the reload.
  await page.route(SUBMISSIONS, (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
  await context.setOffline(false);
  await page.reload();
  await expect(savedNotice(page)).toBeVisible();
  await expect(quickForm(page).getByLabel('What confused you?')).toHaveValue('What the base case returns');
  await expect(quickForm(page).getByLabel('Topic')).toHaveValue('Recursion');
  expect(await rowsOfCourse(course.id)).toEqual([]);

  // The connection recovers: the next attempt (on its backoff) stores it.
  await page.unroute(SUBMISSIONS);
  await sentFromDevice(page, SENT);
  await expectToast(page, 'Submission Sent!', SENT);
  await expect(savedNotice(page)).toHaveCount(0);
  await expect.poll(() => rowsOfCourse(course.id)).toEqual([{ confusion: 'What the base case returns', unclear_parts: null }]);
  expect(posts.length).toBeGreaterThanOrEqual(2);
  expect(new Set(posts).size).toBe(1);
});

test('a 503 is sent again and ends as one row', async ({ page }) => {
  const { course } = await professorCourse();
  let answered503 = 0;
  // Stands in for the network: the first create gets the gateway's 503, the rest reach the stack.
  await page.route(SUBMISSIONS, async (route) => {
    if (route.request().method() === 'POST' && answered503 === 0) {
      answered503++;
      await route.fulfill({
        status: 503,
        headers: { 'access-control-allow-origin': '*', 'retry-after': '1' },
        json: { error: 'The service is temporarily unavailable. Please try again in a moment.' },
      });
    } else {
      await route.fallback();
    }
  });
  const posts = countPosts(page);
  await page.goto(`/submit?courseId=${course.id}`);
  await fillQuick(page, 'Why the stack overflows');
  await page.getByRole('button', { name: 'Submit Feedback', exact: true }).click();
  await expect.poll(() => answered503).toBe(1);
  await sentFromDevice(page, SENT);
  await expectToast(page, 'Submission Sent!', SENT);
  expect(answered503).toBe(1);
  expect(posts).toHaveLength(2);
  expect(new Set(posts).size).toBe(1);
  await expect.poll(() => rowsOfCourse(course.id)).toEqual([{ confusion: 'Why the stack overflows', unclear_parts: null }]);
});

test('a refusal is shown and not sent again: a class session that has ended', async ({ page }) => {
  // Variant A's 400 (its toast, the form kept, nothing kept or sent again): SubmitPage.test.tsx "a 400 in the server's shape …".
  const { course, session } = await professorCourse({ withSession: true });
  const posts = countPosts(page);

  // Variant B against the real server: the session has ended (403), shown, never sent again.
  await page.goto(`/class-session?courseId=${course.id}&sessionId=${session!.sessionId}`);
  await fillSession(page, 'Too late for this session');
  await endClassSession(session!.sessionId);
  await page.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await expectToast(page, 'Error', 'Session not found or expired. Please ask your professor for a new link.');
  await expect(savedNotice(page)).toHaveCount(0);
  // Going offline and online again sends nothing: nothing was kept.
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await expect(page.getByRole('button', { name: 'Submit Anonymous Feedback' })).toBeEnabled();
  expect(posts).toHaveLength(1);
  expect(await rowsOfCourse(course.id)).toEqual([]);
});
