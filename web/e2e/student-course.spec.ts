import { type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { TIME_ZONE, WEDNESDAY, holdRequests, seededCourse } from './support/student';

test.use({ timezoneId: TIME_ZONE });

const CLASS_DAY_READ = '**/rest/v1/rpc/course_class_day**';

/**
 * The day of the course page's tests: the browser's clock, and the course's class day, which the
 * page reads from the server (course_class_day(), the course's own today; never the device's date).
 * The server's clock cannot be set, so its answer is the day the test sets.
 */
async function dayIs(page: Page, at: Date, classDay: string) {
  await page.clock.setFixedTime(at);
  await page.unroute(CLASS_DAY_READ);
  await page.route(CLASS_DAY_READ, (route) => route.fulfill({ json: classDay, headers: { 'Access-Control-Allow-Origin': '*' } }));
}

test.describe('course search', () => {
  test("finds a course by its exact code, trimmed, with the seed's button states", async ({ page }) => {
    await page.goto('/course-search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Course');
    await expect(page.getByText('COSC 1337', { exact: true })).toBeVisible();
    await expect(page.getByText('MATH 2413', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    const search = page.getByRole('button', { name: 'Search' });
    await expect(search).toBeDisabled();
    const input = page.getByLabel('Course code');
    await input.fill('   ');
    await expect(search).toBeDisabled();

    // Keyboard only: type the code and press Enter; the button reads "Searching..." meanwhile.
    const held = await holdRequests(page, '**/rest/v1/rpc/search_courses**');
    const request = page.waitForRequest('**/rest/v1/rpc/search_courses**');
    await input.fill('  COSC 1337  ');
    await input.press('Enter');
    expect(new URL((await request).url()).searchParams.get('code')).toBe('COSC 1337');
    await expect(page.getByRole('button', { name: 'Searching...' })).toBeDisabled();
    held.release();

    // The demo has two sections of COSC 1337 this term, each with its professor's chosen name
    // (other tests may add sections of other terms meanwhile).
    const results = page.getByRole('list', { name: 'Search results' });
    const card = results.getByRole('listitem').filter({ hasText: 'Taught by Dr. Ada Lovelace' });
    await expect(card.getByRole('heading', { level: 2 })).toHaveText('COSC 1337');
    await expect(card.getByText('Introduction to Programming', { exact: true })).toBeVisible();
    await expect(card.getByText('Active Course', { exact: true })).toBeVisible();
    await expect(card.getByText('Anonymous Feedback', { exact: true })).toBeVisible();
    await expect(card.getByText(/^(Spring|Summer|Fall) \d{4}$/)).toBeVisible();
    await expect(card).not.toContainText('Section');
    const other = results.getByRole('listitem').filter({ hasText: 'Taught by Dr. Pat Lee' });
    await expect(other.getByText(/^Section 002 · (Spring|Summer|Fall) \d{4}$/)).toBeVisible();
    await expect(results).not.toContainText('@');
    await expect(page.getByRole('button', { name: 'Search' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    const course = await seededCourse('COSC 1337');
    await card.getByRole('link', { name: /View Course/ }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/${course.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('COSC 1337');
  });
});

test.describe('course page', () => {
  test("on a class day: header, overview, Today's Feedback and the newest-first timeline", async ({ page }) => {
    await dayIs(page, WEDNESDAY, '2026-11-25');
    const course = await seededCourse('COSC 1337');
    const details = await holdRequests(page, `**/rest/v1/courses?**`);
    const timeline = await holdRequests(page, '**/rest/v1/rpc/course_timeline**');
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByText('Loading course details...')).toBeVisible();
    details.release();
    await expect(page.getByText('Loading submissions...')).toBeVisible();
    timeline.release();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('COSC 1337');
    await expect(page.getByText('Introduction to Programming', { exact: true })).toBeVisible();
    await expect(page.getByText('Active course', { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ submissions?$/)).toBeVisible();

    const overview = page.locator('dl');
    await expect(overview.getByText('Total Feedback')).toBeVisible();
    await expect(overview.getByText('Recent Activity')).toBeVisible();
    await expect(overview.getByText(/^\d+ this week$/)).toBeVisible();
    await expect(overview.getByText('Course Status')).toBeVisible();
    await expect(overview.getByText('Active', { exact: true })).toBeVisible();

    const expectedLink = `/class-session?courseId=${course.id}&sessionId=2026-11-25`;
    await expect(page.getByRole('link', { name: "Submit Today's Feedback" })).toHaveAttribute('href', expectedLink);
    await expect(page.getByRole('heading', { level: 2, name: "Today's Feedback" })).toBeVisible();
    await expect(page.getByRole('link', { name: "Give Today's Feedback" })).toHaveAttribute('href', expectedLink);
    await expect(page.getByText('No Class Today')).toHaveCount(0);

    // The timeline: a 24rem scroll box, newest first, each item with difficulty, date, topic and 2 clamped lines.
    const box = page.getByRole('region', { name: 'Submission timeline, newest first' });
    await expect(box).toHaveCSS('max-height', '384px');
    await expect(box).toHaveCSS('overflow-y', 'auto');
    const items = box.getByTestId('timeline-item');
    expect(await items.count()).toBeGreaterThan(5);
    const times = await box.locator('time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
    expect(times).toEqual([...times].sort().reverse());
    await expect(items.first().getByText(/^(Slightly confused|Very confused|Completely lost|Not confused)$/)).toBeVisible();
    await expect(box.getByTestId('timeline-confusion').first()).toHaveCSS('-webkit-line-clamp', '2');
    await expectNoSeriousA11yViolations(page);

    // The header button leads to the Variant B form for today.
    await page.getByRole('link', { name: "Submit Today's Feedback" }).click();
    await expect(page).toHaveURL(new RegExp(`/class-session\\?courseId=${course.id}&sessionId=2026-11-25$`));
  });

  test('an address that names no course id is answered with the course page, which reads "Course Not Found"', async ({ page }) => {
    // The host answers every /courses/<one segment> with the course page (pages.ts); the page, not
    // the host, finds there is no such course. Its texts: CourseDetails.island.test.tsx.
    await page.goto('/courses/not-a-uuid');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Course Not Found');
  });
});
