// `/courses/{id}` before the app's code (web/scripts/course-page): the host answers it with
// course.html, whose inline scripts ask for the course as the page loads and draw the app's own
// course page with it. A student's page is light (docs/decisions/light-student-pages.md): the light
// script draws the timeline when it comes; the app takes the drawn page over only for what the light
// script does not draw, its first reads already answered either way.
import { type Page, expect, test } from '@playwright/test';
import { holdRequests, professorCourse, seededCourse, TIME_ZONE } from './support/student';
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

const PAGE_READS = /\/rest\/v1\/(courses|rpc\/course_timeline|rpc\/course_notes)$/;

/** The page's reads of its course, notes and timeline, as sent. */
function pageReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && PAGE_READS.test(pathname)) reads.push(pathname);
  });
  return reads;
}

test('a student’s course page draws its timeline with the light script, none of the app, its first reads sent once', async ({ page }) => {
  const course = await seededCourse('COSC 1337');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const reads = pageReads(page);
  await page.goto(`/courses/${course.id}`);
  await expect(page.getByTestId('timeline-item').first()).toBeVisible();
  await expect(heading(page, 'COSC 1337')).toBeVisible();
  // The counts drawn with it: the overview's total in the header's line, and no stand-in's mark left.
  const total = page.locator('dl').getByText('Total Feedback').locator('xpath=following-sibling::dd');
  await expect(total).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByText(`${await total.textContent()} submissions`, { exact: true })).toBeVisible();
  await expect(page.locator('dl').getByText(/^\d+ this week$/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/987654321|__TIMELINE_/);
  // The page the course page's file drew, not one the app rendered in its place.
  await expect(page.locator(`#root[data-prerendered="/courses/${course.id}"]`)).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/light-[\w-]+\.js$/)]);
  expect(reads.sort()).toEqual(['/rest/v1/courses', '/rest/v1/rpc/course_notes', '/rest/v1/rpc/course_timeline']);
  expect(errors).toEqual([]);
});

test('the app takes the drawn page over without an error when the timeline cannot be read, its first reads sent once', async ({ page }) => {
  const course = await seededCourse('COSC 1337');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const reads = pageReads(page);
  await page.route('**/rest/v1/rpc/course_timeline**', (route) => route.fulfill({ status: 503, body: '{}' }), { times: 1 });
  await page.goto(`/courses/${course.id}`);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 30_000 });
  await expect(heading(page, 'COSC 1337')).toBeVisible();
  // The app's own page in place of the drawn one (which says what it was drawn for).
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  expect(reads.sort()).toEqual(['/rest/v1/courses', '/rest/v1/rpc/course_notes', '/rest/v1/rpc/course_timeline']);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('timeline-item').first()).toBeVisible();
  expect(errors).toEqual([]);
});

/** The course pages this browser keeps, by id (app/coursePageFile.ts's COURSE_MEMORY). */
const keptCourses = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('classpulse.coursePages') ?? '{}') as Record<string, { name: string }>);

test('a course opened before is drawn at once from the device, then as its read says, and forgotten once it is gone', async ({ page }) => {
  const { course } = await professorCourse();
  await page.goto(`/courses/${course.id}`);
  await expect(heading(page, course.code)).toBeVisible();
  await expect.poll(async () => (await keptCourses(page))[course.id]?.name).toBe(course.name);

  // Renamed since: the next visit shows the kept name while the read is on its way, then the new one.
  const renamed = `${course.name} (renamed)`;
  await db().query('update public.courses set name = $2 where id = $1', [course.id, renamed]);
  const read = await holdRequests(page, (url) => url.pathname === '/rest/v1/courses');
  await page.goto(`/courses/${course.id}`);
  await expect(heading(page, course.code)).toBeVisible();
  await expect(page.getByText(course.name, { exact: true })).toBeVisible();
  read.release();
  await expect(page.getByText(renamed, { exact: true })).toBeVisible();
  await expect.poll(async () => (await keptCourses(page))[course.id]?.name).toBe(renamed);

  // Deleted: the app says so, and the device no longer keeps it.
  await db().query('delete from public.courses where id = $1', [course.id]);
  await page.goto(`/courses/${course.id}`);
  await expect(page.getByRole('heading', { name: 'Course Not Found' })).toBeVisible();
  expect((await keptCourses(page))[course.id]).toBeUndefined();
});
