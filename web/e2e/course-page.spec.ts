// `/courses/{id}` before the app's code (web/scripts/course-page): the host answers it with
// course.html, whose inline scripts ask for the course as the page loads and draw the app's own
// course page with it; the app then takes that page over, its first reads already answered.
import { type Page, expect, test } from '@playwright/test';
import { seededCourse, TIME_ZONE } from './support/student';
import { db } from './support/stack';

test.use({ timezoneId: TIME_ZONE });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Every script of the app fails to load: what a phone shows before the code has arrived. */
const withoutAppCode = (page: Page) => page.route('**/assets/**/*.js', (route) => route.abort());

async function notesOf(courseId: string): Promise<string[]> {
  const { rows } = await db().query<{ body: string }>(
    `select n.body from public.session_notes n join public.class_sessions s on s.id = n.session_id
     where s.course_id = $1 order by s.session_date desc`,
    [courseId],
  );
  return rows.map((row) => row.body);
}

test('a course page shows its course, its notes and its links before the app’s code has loaded', async ({ page }) => {
  const course = await seededCourse('COSC 1337');
  await withoutAppCode(page);
  await page.goto(`/courses/${course.id}`);
  await expect(heading(page, 'COSC 1337')).toBeVisible();
  await expect(page.getByText(course.name, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('COSC 1337 · ClassPulse');
  const notes = await notesOf(course.id);
  expect(notes.length).toBeGreaterThan(0);
  await expect(page.getByTestId('professor-note')).toHaveCount(notes.length);
  for (const [index, body] of notes.entries()) await expect(page.getByTestId('professor-note').nth(index)).toContainText(body);
  // The feedback link names this course and today.
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const links = page.locator(`a[href="/class-session?courseId=${course.id}&sessionId=${today}"]`);
  const weekday = await page.evaluate(() => new Date().getDay() >= 1 && new Date().getDay() <= 5);
  await expect(links).toHaveCount(weekday ? 2 : 0);
});

test('a Spanish visitor’s course page is drawn in Spanish', async ({ page }) => {
  const course = await seededCourse('COSC 1337');
  await page.addInitScript(() => localStorage.setItem('classpulse.language', 'es'));
  await withoutAppCode(page);
  await page.goto(`/courses/${course.id}`);
  await expect(heading(page, 'COSC 1337')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Resumen' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'De tu profesor' })).toBeVisible();
});

test('the app takes the drawn page over without an error, its first reads sent once', async ({ page }) => {
  const course = await seededCourse('COSC 1337');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && /\/rest\/v1\/(courses|rpc\/course_timeline|rpc\/course_notes)$/.test(pathname)) reads.push(pathname);
  });
  await page.goto(`/courses/${course.id}`);
  // The timeline shows once the app has loaded its code (about fifty files) and rendered the page in
  // short slices beside the drawn one: seconds on a busy 2-core machine, so more than the default wait.
  await expect(page.getByTestId('timeline-item').first()).toBeVisible({ timeout: 30_000 });
  await expect(heading(page, 'COSC 1337')).toBeVisible();
  // The app's own page in place of the drawn one (which says what it was drawn for).
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  expect(reads.sort()).toEqual(['/rest/v1/courses', '/rest/v1/rpc/course_notes', '/rest/v1/rpc/course_timeline']);
  expect(errors).toEqual([]);
});
