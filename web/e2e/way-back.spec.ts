// The way back without an identity: the student closes the page at the end of class and still
// reads the professor's reply, from this device's "My feedback" or from the private link anywhere.
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { putSessionInBrowser, stack } from './support/stack';
import { TIME_ZONE, expectToast, professorCourse } from './support/student';
import { fillSessionFeedback, startUsingForm } from './support/forms';
import { REMEMBERED_STORAGE_KEY } from '../src/shared/rememberedFeedbackStore';

test.use({ timezoneId: TIME_ZONE });

const REMEMBER = 'Remember on this device';
const PRIVATE_LINK = 'Your private track link';

type Professor = Awaited<ReturnType<typeof professorCourse>>['professor'];

/** The header's "My feedback" link: in the menu on a phone. */
async function openMyFeedbackFromHeader(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'My feedback' }).click();
  await expect(page).toHaveURL(/\/my-feedback$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My feedback' })).toBeVisible();
}

/** The professor, in a browser of their own, answers the one submission on their dashboard. */
async function replyAsProfessor(browser: Browser, professor: Professor, about: string, reply: string) {
  const context = await browser.newContext({ timezoneId: TIME_ZONE });
  try {
    await putSessionInBrowser(context, test.info().project.use.baseURL!, professor.client);
    const page = await context.newPage();
    await page.goto('/professor/dashboard');
    await page.getByRole('button', { name: `Reply: ${about}` }).click();
    await page.getByLabel('Your reply').fill(reply);
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await expectToast(page, 'Success', 'Reply sent');
  } finally {
    await context.close();
  }
}

/** After sending: the private link, with "Remember on this device" ticked by default. */
async function confirmationLink(page: Page): Promise<string> {
  const box = page.getByRole('textbox', { name: PRIVATE_LINK });
  await expect(box).toHaveValue(/\/track\/[0-9a-f-]{36}\.[A-Za-z0-9_-]+$/);
  await expect(
    page.getByText("Whoever has this link can read and edit this feedback. Keep it to see your professor's reply."),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: REMEMBER })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  return box.inputValue();
}

/** The device's list: the course, the first words, and the reply; only the entry's own request leaves. */
async function expectRepliedOnMyFeedback(context: BrowserContext, courseCode: string, excerpt: string, reply: string, link: string) {
  const page = await context.newPage();
  await page.goto('/');
  await openMyFeedbackFromHeader(page);
  // The heading is in the served HTML; the list's own read comes after hydration. Wait for it, so
  // that read is not counted as the reload's.
  await expect(page.getByRole('listitem').filter({ hasText: courseCode }).getByText('Your professor replied')).toBeVisible();
  // What a fresh load of the list sends: each entry's own token, to ask about its own submission.
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(stack().apiUrl))
      apiRequests.push(`${request.method()} ${new URL(request.url()).pathname} ${request.headers()['x-edit-token'] ?? ''}`);
  });
  await page.reload();
  const item = page.getByRole('listitem').filter({ hasText: courseCode });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(excerpt);
  await expect(item.getByText('Your professor replied')).toBeVisible();
  await expect(item.getByText(reply)).toBeVisible();
  await expect(item.getByRole('link', { name: 'Open' })).toHaveAttribute('href', new URL(link).pathname);
  await expectNoSeriousA11yViolations(page);
  const token = new URL(link).pathname.split('/track/')[1]!;
  const id = token.split('.')[0];
  expect(apiRequests).toEqual([`GET /functions/v1/submissions/${id} ${token}`]);
  return page;
}

/** Anywhere else, the private link alone shows the feedback and the reply. */
async function expectReplyThroughLink(browser: Browser, link: string, reply: string) {
  const context = await browser.newContext({ timezoneId: TIME_ZONE });
  try {
    const page = await context.newPage();
    await page.goto(link);
    // A cold browser loads the page's code first: on a busy machine that alone can take seconds.
    await expect(page.getByRole('heading', { level: 2, name: 'Your professor replied' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('professor-reply')).toHaveText(reply);
    // Nothing was remembered in this browser: the box is unticked here.
    await expect(page.getByRole('checkbox', { name: REMEMBER })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);
  } finally {
    await context.close();
  }
}

async function forgetAll(page: Page) {
  await page.getByRole('button', { name: 'Forget all' }).click();
  await expect(page.getByText('This device remembers no feedback.')).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('rememberedFeedback')))).toEqual([]);
  await page.reload();
  await expect(page.getByText('This device remembers no feedback.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My feedback' })).toHaveCount(0);
}

/**
 * The way back, from the confirmation of a student's feedback (`asked`): they close the page, the
 * professor replies, and the reply is found on My feedback and through the private link; then the
 * student forgets it all.
 */
async function expectTheWayBack(
  { page, context, browser }: { page: Page; context: BrowserContext; browser: Browser },
  { professor, courseCode, about, asked, reply }: { professor: Professor; courseCode: string; about: string; asked: string; reply: string },
) {
  const link = await confirmationLink(page);
  await page.close();
  await replyAsProfessor(browser, professor, about, reply);
  const list = await expectRepliedOnMyFeedback(context, courseCode, asked, reply, link);
  await expectReplyThroughLink(browser, link, reply);
  await forgetAll(list);
}

test('Variant B: the student closes the page, the professor replies, My feedback and the private link show it; Forget all', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const { course, session, professor } = await professorCourse({ withSession: true, topic: 'Way back B' });
  await page.goto(`/class-session?courseId=${course.id}&sessionId=${session!.sessionId}`);
  const form = page.getByRole('form', { name: 'Session feedback' });
  // Sent by the island, which keeps the page (a tap before it runs posts the form itself).
  await startUsingForm(form);
  await fillSessionFeedback(form, {
    mind: 'Pointers make sense now',
    unclear: 'Why a pointer to a pointer is ever needed',
    wentWell: 'The memory diagrams',
    pace: 'just_right',
    challenge: 'slightly_hard',
  });
  await page.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await expectToast(page, 'Submitted!', 'Your feedback has been submitted! You can edit it anytime while you stay on this page.');
  await expectTheWayBack(
    { page, context, browser },
    {
      professor,
      courseCode: course.code,
      about: 'Way back B',
      asked: 'Why a pointer to a pointer is ever needed',
      reply: 'Double pointers come back on Friday with a linked list.',
    },
  );
});

test('Variant A: the same way back through the private link and My feedback', async ({ page, context, browser }) => {
  test.setTimeout(90_000);
  const { course, professor } = await professorCourse();
  await page.goto(`/submit?courseId=${course.id}`);
  const form = page.getByRole('form', { name: 'Feedback' });
  await expect(form.getByLabel('Course')).toHaveValue(course.id);
  await form.getByLabel('Topic').fill('Big-O of loops');
  await form.getByLabel('What confused you?').fill('Why two nested loops are not always n squared');
  await form.getByRole('radio', { name: 'Very confused' }).check();
  await page.getByRole('button', { name: 'Submit Feedback', exact: true }).click();
  await expectToast(page, 'Submission Sent!', 'Thank you for your feedback. Your submission has been sent anonymously.');
  await expectTheWayBack(
    { page, context, browser },
    {
      professor,
      courseCode: course.code,
      about: 'Big-O of loops',
      asked: 'Why two nested loops are not always n squared',
      reply: 'When the inner loop depends on the outer one, count its steps.',
    },
  );
});

test('on a shared computer one click on the confirmation keeps nothing on the device', async ({ page }) => {
  test.setTimeout(60_000);
  const { course } = await professorCourse();
  await page.goto(`/submit?courseId=${course.id}`);
  const form = page.getByRole('form', { name: 'Feedback' });
  await expect(form.getByLabel('Course')).toHaveValue(course.id);
  await form.getByLabel('Topic').fill('Hash maps');
  await form.getByLabel('What confused you?').fill('What happens when two keys collide?');
  await form.getByRole('radio', { name: 'Slightly confused' }).check();
  await page.getByRole('button', { name: 'Submit Feedback', exact: true }).click();
  await expectToast(page, 'Submission Sent!', 'Thank you for your feedback. Your submission has been sent anonymously.');
  await confirmationLink(page);
  await page.getByRole('checkbox', { name: REMEMBER }).uncheck();
  await page.goto('/my-feedback');
  await expect(page.getByText('This device remembers no feedback.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Submit Feedback' }).last()).toHaveAttribute('href', '/submit');
});

test('before any code runs, the header offers "My feedback" only on a device that remembers feedback, and My feedback never says it remembers none there', async ({
  page,
}) => {
  // The pages as their HTML and head script alone draw them: none of their own code.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  // The header's link, in the phone's closed menu: its own display says whether the page shows it.
  const myFeedback = page.locator('header a[href="/my-feedback"]').first();
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(myFeedback).toHaveCSS('display', 'none');

  await page.evaluate(
    ([key]) =>
      localStorage.setItem(
        key!,
        JSON.stringify([
          { token: 'a.1', courseId: 'c1', courseCode: 'COSC 1337', courseName: '', excerpt: 'Kept', sentAt: '2026-11-25T10:00:00Z' },
        ]),
      ),
    [REMEMBERED_STORAGE_KEY],
  );
  await page.goto('/my-feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'My feedback' })).toBeVisible();
  await expect(myFeedback).not.toHaveCSS('display', 'none');
  await expect(page.getByText('This device remembers no feedback.')).toBeHidden();
});
