import { type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { SATURDAY, TIME_ZONE, WEDNESDAY, expectToast, failRequests, holdRequests, professorCourse, seededCourse } from './support/student';

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

  test('an unknown code shows the "Course Not Found" card and toast', async ({ page }) => {
    await page.goto('/course-search');
    await page.getByLabel('Course code').fill('NOPE 9999');
    await page.getByRole('button', { name: 'Search' }).click();
    await expectToast(page, 'Course not found', 'No course found with code "NOPE 9999". Please check the course code and try again.');
    await expect(page.getByRole('heading', { level: 2, name: 'Course Not Found' })).toBeVisible();
    await expect(page.getByText('The spelling of the course code')).toBeVisible();
    await expect(page.getByText(/^The exact format/)).toBeVisible();
    await expect(page.getByText('That the course is active this semester')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a failed search shows the error toast', async ({ page }) => {
    await page.goto('/course-search');
    await page.route('**/rest/v1/rpc/search_courses**', (route) => route.abort());
    await page.getByLabel('Course code').fill('MATH 2413');
    await page.getByRole('button', { name: 'Search' }).click();
    await expectToast(page, 'Error', 'Failed to find course. Please try again.');
    await expect(page.getByLabel('Course code')).toHaveValue('MATH 2413');
    await expect(page.getByRole('button', { name: 'Search' })).toBeEnabled();
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

  test('on a weekend: "No Class Today" and no submit button', async ({ page }) => {
    await dayIs(page, SATURDAY, '2026-11-28');
    const course = await seededCourse('MATH 2413');
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('MATH 2413');
    await expect(page.getByRole('button', { name: 'No Class Today' })).toBeDisabled();
    await expect(
      page.getByText('No class scheduled today. Check back on your next class day to submit feedback.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Today's Feedback/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a course without feedback shows the empty state, with the button only on class days', async ({ page }) => {
    const { course } = await professorCourse();
    await dayIs(page, WEDNESDAY, '2026-11-25');
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByText('No Feedback Yet', { exact: true })).toBeVisible();
    await expect(page.getByText('Be the first to submit anonymous feedback for this course.', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Submit First Feedback' })).toHaveAttribute(
      'href',
      `/class-session?courseId=${course.id}&sessionId=2026-11-25`,
    );
    await expect(page.getByText('0 submissions', { exact: true })).toBeVisible();
    await expect(page.locator('dl').getByText('0 this week', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dayIs(page, SATURDAY, '2026-11-28');
    await page.reload();
    await expect(page.getByText('No Feedback Yet', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Submit First Feedback' })).toHaveCount(0);
  });

  test('the page asks for its course, notes, timeline and class day once each, all four at once', async ({ page }) => {
    const course = await seededCourse('COSC 1337');
    const pageReads = /\/rest\/v1\/(courses|rpc\/course_timeline|rpc\/course_notes|rpc\/course_class_day)$/;
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'GET' && pageReads.test(pathname)) reads.push(pathname.replace(/.*\/rest\/v1\//, ''));
    });
    // Sent from <head> as the page loads (its first reads) and taken by the page's own reads: held,
    // all four are under way while the page shows its loading line, and none is sent twice.
    const held = await holdRequests(page, (url) => pageReads.test(url.pathname));
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByText('Loading course details...')).toBeVisible();
    const all = ['courses', 'rpc/course_class_day', 'rpc/course_notes', 'rpc/course_timeline'];
    await expect.poll(() => [...reads].sort()).toEqual(all);
    held.release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('COSC 1337');
    await expect(page.getByTestId('timeline-item').first()).toBeVisible();
    expect([...reads].sort()).toEqual(all);
  });

  test('a failed course read offers "Try again" instead of "Course Not Found"', async ({ page }) => {
    const course = await seededCourse('COSC 1337');
    await failRequests(page, (url) => url.pathname.endsWith('/rest/v1/courses'), { method: 'GET', times: 1 });
    await page.goto(`/courses/${course.id}`);
    const failure = page.getByRole('alert').filter({ hasText: 'Unable to load this course' });
    await expect(failure).toContainText('Please check your connection and try again.');
    await expect(page.getByText('Course Not Found')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('COSC 1337');
  });

  test('an unknown course reads "Course Not Found"', async ({ page }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await page.goto(`/courses/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Course Not Found');
      await expect(page.getByText("The course you're looking for doesn't exist or may have been removed.", { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Search for Another Course' })).toHaveAttribute('href', '/course-search');
    }
    await expectNoSeriousA11yViolations(page);
  });
});
