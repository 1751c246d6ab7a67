import { readFile } from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoSeriousA11yViolations } from './a11y';
import {
  courseCard,
  createCourse,
  createTodaysLink,
  expectSignedOutAtHome,
  expectToast,
  failRequests,
  signInByCookie,
  signInWithCode,
  signInWithMagicLink,
  signedInWithCourse,
  submitFeedback,
} from './support/professor';
import { anonClient, uniqueCourseCode } from './support/stack';

/** Opens the delete confirmation of the course `name` (code `code`) and waits for its count of submissions (`counted`). */
async function openDeleteConfirmation(page: Page, name: string, code: string, counted: string) {
  await courseCard(page, name)
    .getByRole('button', { name: `Delete ${code}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${code}?` });
  await expect(confirm).toContainText(counted);
  return confirm;
}

test('a professor signs in with the e-mailed code and manages a course, its link and QR code', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const email = await signInWithCode(page);

  // Onboarding: no courses yet.
  await expect(page.getByRole('heading', { level: 1, name: 'Course Management' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
  for (const step of [
    'Create your courses',
    'Generate daily links',
    'Share the link or QR code',
    'Students submit anonymously',
    'Review feedback',
  ]) {
    await expect(page.getByText(step, { exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Get Started' }).click();

  // Create, then fail on a duplicate code (typed differently) in the same term with the server's message.
  const code = uniqueCourseCode('CP');
  await expect(page.getByPlaceholder('e.g. CS101')).toBeVisible();
  await createCourse(page, 'Data Structures', code);
  const form = page.getByRole('form', { name: 'Create course' });
  await form.getByLabel('Course Name').fill('Copy of Data Structures');
  await form.getByLabel('Course Code').fill(`  ${code.toLowerCase().replace(' ', '   ')} `);
  await form.getByRole('button', { name: 'Create Course' }).click();
  const term = await form.getByRole('textbox', { name: 'Term', exact: true }).inputValue();
  const duplicate = `${code} already exists for ${term}. Add a section or change the term.`;
  await expectToast(page, 'Error', duplicate);
  await expect(form.getByText(duplicate)).toBeVisible();
  await expect(courseCard(page, 'Copy of Data Structures')).toHaveCount(0);

  // Edit: the form fills, reads "Update Course", and leaves edit mode after saving.
  await courseCard(page, 'Data Structures')
    .getByRole('button', { name: `Edit ${code}` })
    .click();
  const editForm = page.getByRole('form', { name: 'Edit course' });
  await expect(editForm.getByLabel('Course Name')).toHaveValue('Data Structures');
  await expect(editForm.getByLabel('Course Code')).toHaveValue(code);
  await editForm.getByLabel('Course Name').fill('Data Structures & Algorithms');
  await editForm.getByRole('button', { name: 'Update Course' }).click();
  // Focus is back on the Edit button that opened the form (checked before the toast's close button takes it).
  const editButton = courseCard(page, 'Data Structures & Algorithms').getByRole('button', { name: `Edit ${code}` });
  await expect(editButton).toBeFocused();
  await expectToast(page, 'Success', 'Course updated successfully');
  await expect(courseCard(page, 'Data Structures & Algorithms')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Course' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Course' })).toHaveCount(0);

  // Edit, then Cancel: focus goes back to Edit as well.
  await editButton.click();
  await page.getByRole('form', { name: 'Edit course' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('form', { name: 'Create course' }).getByLabel('Course Name')).toHaveValue('');
  await expect(editButton).toBeFocused();

  // Today's link: created, copied (clipboard read back), QR code downloaded and decoded.
  const link = await createTodaysLink(page, 'Data Structures & Algorithms', 'Trees');
  expect(link.startsWith(`${baseURL}/class/`)).toBe(true);
  const card = courseCard(page, 'Data Structures & Algorithms');
  await expect(card.getByText('Trees')).toBeVisible();
  await card.getByRole('button', { name: 'Copy Link' }).click();
  await expectToast(page, 'Copied!', 'Link copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await card.getByRole('button', { name: 'QR Code' }).click();
  const dialog = page.getByRole('dialog', { name: `QR Code for ${code}` });
  await expect(dialog.getByRole('img', { name: `QR code for ${link}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(`${code.replace(' ', '-')}-qr-code.png`);
  const png = PNG.sync.read(await readFile((await download.path())!));
  expect(png.width).toBe(300);
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // A reload keeps today's link (the card reads the active session).
  await page.reload();
  await expect(courseCard(page, 'Data Structures & Algorithms').getByTestId('class-link')).toHaveText(link);

  // One anonymous submission, so the delete confirmation has something to count.
  const token = link.split('/class/')[1]!;
  const { data: resolved } = await anonClient().rpc('resolve_class_token', { token });
  const { error } = await anonClient().functions.invoke('submissions', {
    body: {
      courseId: resolved.courseId,
      sessionId: resolved.sessionId,
      topic: 'Binary trees',
      confusion: 'How does a binary tree stay balanced?',
      difficultyLevel: 'very',
    },
  });
  expect(error).toBeNull();

  // Delete: the confirmation names how many submissions go with the course; Cancel keeps it.
  const confirm = await openDeleteConfirmation(page, 'Data Structures & Algorithms', code, '1 submission');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(courseCard(page, 'Data Structures & Algorithms')).toBeVisible();
  // A student submits meanwhile: opening the confirmation again counts afresh.
  await submitFeedback(resolved.courseId, resolved.sessionId, 'AVL rotations');
  await openDeleteConfirmation(page, 'Data Structures & Algorithms', code, '2 submissions');
  await confirm.getByRole('button', { name: 'Delete Course' }).click();
  await expectToast(page, 'Success', 'Course deleted successfully');
  await expect(courseCard(page, 'Data Structures & Algorithms')).toHaveCount(0);
  // No course left: the onboarding card is back (the page was reloaded, so it was not dismissed).
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
});

test('a professor signs in by following the magic link', async ({ page }) => {
  const email = await signInWithMagicLink(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Course Management' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});

// The login screen's checks, a wrong code shown as an error and "Use a different e-mail": web/src/features/auth/LoginPage.test.tsx
// (the auth server's answer to a wrong code, "Token has expired or is invalid": stack/tests/auth.test.ts).
// A signed-out visit to /professor or /professor/dashboard: the "Authentication Required" toast at once and /api/login 1.5 s later,
// web/src/app/layout/ProfessorLayout.test.tsx (in the browser: "signing out ends the session and goes home").

test(
  'a failed sign-in check offers a retry instead of sending a signed-in professor to sign in',
  { tag: '@both' },
  async ({ page, context, baseURL, isMobile }) => {
    await signInByCookie(context, baseURL!);
    // The auth server cannot be reached while the page checks who is signed in.
    const offline = await failRequests(page, '**/auth/v1/user');
    // The page's timers run on Playwright's clock (in real time until told otherwise).
    await page.clock.install();
    await page.goto('/professor');
    const failed = page.getByRole('alert').filter({ hasText: 'Unable to check your sign-in' });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('Please check your connection and try again.');
    await expectNoSeriousA11yViolations(page);

    // 2 s of the page's time, longer than the 1.5 s redirect delay: no "Authentication Required", still on the page.
    await page.clock.runFor(2000);
    await expect(page).toHaveURL(/\/professor$/);
    await expect(page.locator('[data-scope="toast"]').filter({ hasText: 'Authentication Required' })).toHaveCount(0);
    // The header does not claim the professor is signed out.
    if (isMobile) await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Professor Sign In' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0);
    // Opening the menu does not check again behind the visitor's back: the failure stays, with its button.
    await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();

    // Back online: "Try again" finds the session and shows the page, and the header follows.
    await offline.stop();
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Course Management' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
    await expect(nav.getByRole('link', { name: 'Professor Sign In' })).toHaveCount(0);
  },
);

// The failure toasts of create, update, delete, today's link and Copy Link: CourseForm, CourseManagementPage and CourseCard.test.tsx in web/src/features/professor.

test('the delete confirmation counts afresh after the dashboard showed that course; the two pages link to each other', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const code = uniqueCourseCode('DC');
  const { course, sessionId } = await signedInWithCourse(context, baseURL!, 'Operating Systems', code);
  await submitFeedback(course.id, sessionId, 'Scheduling');

  await page.goto('/professor');
  await page.getByRole('main').getByRole('link', { name: 'View Dashboard' }).click();
  await expect(page).toHaveURL(/\/professor\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback Dashboard' })).toBeVisible();
  await page.getByLabel('Course', { exact: true }).selectOption({ label: `${code} - Operating Systems` });
  await expect(page.getByTestId('stat-Total Submissions')).toHaveText('1');

  // A student submits while the professor goes back to the courses (in-app, so the cache stays).
  await submitFeedback(course.id, sessionId, 'Paging');
  await page.getByRole('main').getByRole('link', { name: 'Manage Courses' }).click();
  await expect(page).toHaveURL(/\/professor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Course Management' })).toBeVisible();
  const confirm = await openDeleteConfirmation(page, 'Operating Systems', code, '2 submissions');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // And once more for the same course.
  await submitFeedback(course.id, sessionId, 'Deadlocks');
  await openDeleteConfirmation(page, 'Operating Systems', code, '3 submissions');
  await confirm.getByRole('button', { name: 'Delete Course' }).click();
  await expectToast(page, 'Success', 'Course deleted successfully');
  await expect(courseCard(page, 'Operating Systems')).toHaveCount(0);
});

// /auth for visitors, its texts and links: web/src/features/auth/AuthPage.test.tsx.

test('/auth sends a signed-in professor on to Course Management', async ({ page, context, baseURL }) => {
  await signInByCookie(context, baseURL!);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/professor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Course Management' })).toBeVisible();
});

test('signing out ends the session and goes home', { tag: '@both' }, async ({ page, context, baseURL, isMobile }) => {
  await signInByCookie(context, baseURL!);
  await page.goto('/professor');
  await expect(page.getByRole('heading', { level: 1, name: 'Course Management' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign Out' }).click();
  await expectSignedOutAtHome(page, isMobile);
  await page.goto('/professor');
  await expect(page).toHaveURL(/\/api\/login$/);
});
