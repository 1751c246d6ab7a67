// A student page's HTML is the page (docs/decisions/student-pages.md): it paints and takes input
// before any script has run; its script then hydrates its islands. Every other address is the
// professor app's, answered by app.html.
import { type Page, expect, test } from '@playwright/test';
import { professorCourse } from './support/student';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Every script fails to load: what a phone shows before the code has arrived. */
async function withoutCode(page: Page) {
  await page.route('**/assets/**/*.js', (route) => route.abort());
}

test.describe('before any script has loaded', () => {
  test.beforeEach(async ({ page }) => withoutCode(page));

  test('/ shows the landing page', async ({ page }) => {
    await page.goto('/');
    await expect(heading(page, 'Privacy-first feedback for better teaching and learning')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Submit Feedback' }).first()).toBeVisible();
    await expect(page).toHaveTitle('ClassPulse · Privacy-first feedback for better teaching and learning');
  });

  test('/course-search shows its search form, which takes input already', async ({ page }) => {
    await page.goto('/course-search');
    await expect(heading(page, 'Find Your Course')).toBeVisible();
    await page.getByLabel('Course code').fill('COSC 1337');
    await expect(page.getByLabel('Course code')).toHaveValue('COSC 1337');
    await expect(page).toHaveTitle('Find Your Course · ClassPulse');
  });

  test('/submit shows the feedback form, which takes input and posts itself to the submissions function', async ({ page }) => {
    await page.goto('/submit');
    await expect(heading(page, 'Share What Confused You')).toBeVisible();
    const form = page.getByRole('form', { name: 'Feedback' });
    // The course list comes from the API: until then the page's address names the course.
    await expect(form.getByLabel('Course')).toBeDisabled();
    await form.getByLabel('Topic').fill('Recursion');
    await expect(form.getByRole('button', { name: 'Submit Feedback' })).toBeEnabled();
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', /\/functions\/v1\/submissions$/);
  });

  test('/class-session shows the session form with its privacy notice', async ({ page }) => {
    await page.goto('/class-session?courseId=00000000-0000-4000-8000-000000000000&sessionId=2026-11-23');
    await expect(heading(page, 'Session Feedback')).toBeVisible();
    await expect(page.getByText(/Your feedback is anonymous/)).toBeVisible();
  });

  test('an address of the professor app is answered by its own page, not a student page', async ({ page }) => {
    const response = await page.goto('/auth');
    expect(response?.status()).toBe(200);
    // app.html: an empty #root for the app, and nothing of the landing page.
    await expect(page.locator('#root')).toBeEmpty();
    await expect(heading(page, 'Privacy-first feedback for better teaching and learning')).toHaveCount(0);
    await expect(page.locator('head script[type="module"][src*="/assets/app-"]')).toHaveCount(1);
  });
});

test('each student page runs its script without an error, and works', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const c = await professorCourse({ withSession: true });

  await page.goto('/');
  await page.getByRole('link', { name: 'Find Your Course' }).first().click();
  await expect(page).toHaveURL(/\/course-search$/);

  await page.goto('/course-search');
  await page.getByLabel('Course code').fill(c.course.code);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(c.course.name).first()).toBeVisible();

  await page.goto('/submit');
  const course = page.getByRole('form', { name: 'Feedback' }).getByLabel('Course');
  await expect(course).toBeEnabled();
  await expect(course.locator('option', { hasText: c.course.code })).toHaveCount(1);

  await page.goto(`/class-session?courseId=${c.course.id}&sessionId=${c.session!.sessionId}`);
  await expect(page.getByTestId('session-note')).toContainText('Session date:');
  await expect(page.getByText(c.course.name).first()).toBeVisible();

  // A course's page: the host answers every course's address with course.html, which draws that course.
  await page.goto(`/courses/${c.course.id}`);
  await expect(heading(page, c.course.code)).toBeVisible();
  await expect(heading(page, 'Privacy-first feedback for better teaching and learning')).toHaveCount(0);

  expect(errors).toEqual([]);
});
