// Repeat visits from the device (docs/decisions/service-worker.md): once a page
// has loaded, the service worker (web/service-worker/sw.ts) keeps the app's code and the student
// pages' HTML, so the next visit shows the page without the network; the API is never kept.
import { type Page, expect, test } from '@playwright/test';
import { seededCourse } from './support/student';

// The subject is the service worker, which the other specs keep out (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Until the service worker controls the page: registered after load, precached, then activated. */
async function controlledFromTheDevice(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 20_000 })
    .toMatch(/\/sw\.js$/);
}

/** Every address the service worker's caches hold. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });

const PAGES: [path: string, title: string][] = [
  ['/', 'Privacy-first feedback for better teaching and learning'],
  ['/course-search', 'Find Your Course'],
  ['/submit?courseId=00000000-0000-4000-8000-000000000000', 'Share What Confused You'],
  ['/class-session?courseId=00000000-0000-4000-8000-000000000000&sessionId=2026-11-23', 'Session Feedback'],
];

for (const [path, title] of PAGES) {
  test(`${path.replace(/\?.*/, '')} seen once shows again offline, from the device`, async ({ page, context }) => {
    await page.goto(path);
    await expect(heading(page, title)).toBeVisible();
    await controlledFromTheDevice(page);
    await context.setOffline(true);
    await page.reload();
    await expect(heading(page, title)).toBeVisible();
    // Its code came from the device too: the page's script enables the phone menu.
    await expect(page.locator('header button[aria-controls="mobile-menu"]')).toBeEnabled();
  });
}

test('offline, a course page opens from the device and says its course cannot be loaded', async ({ page, context }) => {
  const course = await seededCourse('COSC 1337');
  await page.goto(`/courses/${course.id}`);
  await expect(heading(page, 'COSC 1337')).toBeVisible();
  await controlledFromTheDevice(page);
  await context.setOffline(true);
  await page.reload();
  // The page and the app's code come from the device; the course, from the API, cannot.
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to load this course' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(heading(page, 'COSC 1337')).toBeVisible();
});

test('the device keeps this site’s files only: no answer of the API', async ({ page, baseURL }) => {
  const course = await seededCourse('COSC 1337');
  await page.goto(`/courses/${course.id}`);
  await expect(page.getByTestId('timeline-item').first()).toBeVisible();
  await controlledFromTheDevice(page);
  const urls = await cachedUrls(page);
  expect(urls.length).toBeGreaterThan(10);
  const site = new URL(baseURL!).origin;
  expect(urls.filter((url) => new URL(url).origin !== site)).toEqual([]);
  // The student pages' HTML and the course page's are kept; professors' code is not.
  for (const file of ['/index.html', '/course-search.html', '/submit.html', '/class-session.html', '/course.html']) {
    expect(urls.some((url) => new URL(url).pathname === file)).toBe(true);
  }
  expect(urls.some((url) => /\/DashboardPage-/.test(url))).toBe(false);
});
