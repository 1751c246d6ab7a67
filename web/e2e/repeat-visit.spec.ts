// Repeat visits from the device (docs/decisions/service-worker.md): once a page
// has loaded, the service worker (web/service-worker/sw.ts) keeps the app's code and the student
// pages' HTML, so the next visit shows the page without the network; the API is never kept.
import { type Page, expect, test } from '@playwright/test';
import { nginxUrl } from './support/stack';
import { professorCourse, seededCourse } from './support/student';

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

/** The page the service worker keeps for an address, as the host served it ('' for none). */
const keptCopy = (page: Page, address: string) =>
  page.evaluate(async (url) => {
    for (const name of await caches.keys()) {
      const copy = await (await caches.open(name)).match(url);
      if (copy && name.startsWith('classpulse-as-served-')) return copy.text();
    }
    return '';
  }, address);

test('on nginx, a page the host writes into comes back as it served it, and its script shows what changed since', async ({
  page,
  context,
}) => {
  const nginx = nginxUrl();
  const c = await professorCourse({ withSession: true });
  const addNote = async (body: string) => {
    const { error } = await c.professor.client.from('session_notes').insert({ session_id: c.session!.sessionId, body });
    expect(error).toBeNull();
  };
  await addNote('Kept from the first visit.');
  const coursePage = `${nginx}/courses/${c.course.id}`;
  const sessionPage = `${nginx}/class-session?courseId=${c.course.id}&sessionId=${c.session!.sessionId}`;

  // The course page is open as the worker starts: it keeps that page at once.
  await page.goto(coursePage);
  await expect(heading(page, c.course.code)).toBeVisible();
  await controlledFromTheDevice(page);
  await expect.poll(() => keptCopy(page, coursePage)).toContain(c.course.name);

  // Session Feedback, opened from the device: its file first, while the worker asks the host for the page.
  await page.goto(sessionPage);
  const notes = page.getByTestId('professor-note').filter({ visible: true });
  await expect(notes).toHaveText(['Kept from the first visit.']);
  await expect.poll(() => keptCopy(page, sessionPage)).toContain('Kept from the first visit.');

  // The professor adds a note: the copy has only the first, the page shows both once it has read them.
  await addNote('Added since.');
  const again = await page.reload();
  expect(again?.fromServiceWorker()).toBe(true);
  expect(await again?.text()).toContain('Kept from the first visit.');
  expect(await again?.text()).not.toContain('Added since.');
  await expect(notes).toHaveText(['Added since.', 'Kept from the first visit.']);
  await expect.poll(() => keptCopy(page, sessionPage)).toContain('Added since.');

  // Offline, the course page still comes with the course's first screen as the host wrote it.
  await context.setOffline(true);
  const offline = await page.goto(coursePage);
  expect(offline?.fromServiceWorker()).toBe(true);
  await expect(page.locator('[data-hosted-course]')).toContainText(c.course.name);
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to load this course' })).toBeVisible();
});
