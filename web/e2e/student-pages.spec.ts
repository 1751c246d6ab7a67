// The student pages as they are built (docs/decisions/student-pages.md): each page is its HTML and
// one script that hydrates its islands, never the professor app; `npm start` serves the same page.
import { type Page, expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { STUDENT_PAGES } from '../src/student/pages';
import { es } from './support/language';
import { signInByCookie, submitFeedback } from './support/professor';
import { stack } from './support/stack';
import { professorCourse, seededCourse } from './support/student';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The path of every script the page asks for from now on. */
function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** The scripts a page's HTML names: the modules its loader starts, its one script and its islands' chunks. */
async function scriptsNamedIn(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (document.querySelector('script[data-modules]')?.getAttribute('data-modules') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((href) => new URL(href, location.href).pathname),
  );
}

/** An address of each student page: a course of today, its class link, a private link to feedback sent to it. */
async function addresses(): Promise<string[]> {
  const { course, session } = await professorCourse({ withSession: true });
  const own = await submitFeedback(course.id, session!.sessionId, 'Recursion');
  const ids: Record<string, string> = {
    '/courses/{id}': `/courses/${course.id}`,
    '/class/{token}': `/class/${session!.accessToken}`,
    '/track/{token}': `/track/${own.editToken}`,
    '/class-session': `/class-session?courseId=${course.id}&sessionId=${session!.sessionId}`,
    '/submit': `/submit?courseId=${course.id}`,
  };
  return STUDENT_PAGES.map(({ path }) => ids[path] ?? path);
}

test('every student page loads its own script and island chunks only, none of the app, and runs without an error', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A class link resolves into Session Feedback; nothing else may log an error.
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  const scripts = scriptsRequested(page);
  for (const address of await addresses()) {
    scripts.length = 0;
    await page.goto(address);
    await expect(h1(page)).toBeVisible();
    // The page's loader listens once the header's phone menu button is enabled (hidden on a desktop).
    await expect(page.locator('header button[aria-controls="mobile-menu"]')).toBeEnabled();
    // A key is a sign of use: a page whose islands all wait for one starts its script now.
    await page.keyboard.press('Tab');
    await expect.poll(() => scripts.length, { message: `${address} starts its script` }).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    const named = await scriptsNamedIn(page);
    expect(named.length, address).toBeGreaterThan(0);
    for (const script of scripts) expect(named, `${address} loaded ${script}`).toContain(script);
  }
  expect(errors).toEqual([]);
});

test('on a student page the language and theme choices work, and are kept', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.locator('header button[aria-controls="mobile-menu"]')).toBeEnabled();
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(h1(page)).toHaveText(es('Privacy Policy'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(es('Privacy Policy · ClassPulse'));
  await expect(page.getByRole('contentinfo').getByRole('combobox', { name: es('Language') })).toBeFocused();

  await (await themeChoice(page, es('Theme'))).selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  // Back to English: the English markup comes back, and shows the theme chosen in Spanish.
  await page
    .getByRole('contentinfo')
    .getByRole('combobox', { name: es('Language') })
    .selectOption('en');
  await expect(h1(page)).toHaveText('Privacy Policy');
  await expect(await themeChoice(page, 'Theme')).toHaveValue('dark');

  await page.reload();
  await expect(h1(page)).toHaveText('Privacy Policy');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(await themeChoice(page, 'Theme')).toHaveValue('dark');
});

/** The header's theme choice, which a phone keeps in its menu: the menu is opened when closed. */
async function themeChoice(page: Page, name: string) {
  const menuButton = page.locator('header button[aria-controls="mobile-menu"]');
  await expect(menuButton).toBeEnabled();
  if ((await menuButton.getAttribute('aria-expanded')) !== 'true') await menuButton.click();
  return page.getByRole('banner').getByRole('combobox', { name });
}

test('a signed-in professor opening a student page gets the same page, with a link to the dashboard', async ({
  page,
  context,
  baseURL,
}) => {
  await signInByCookie(context, baseURL!);
  const course = await seededCourse('COSC 1337');
  await page.goto('/course-search');
  await expect(h1(page)).toHaveText('Find Your Course');
  // A phone's links are in its menu.
  await page.getByRole('button', { name: 'Menu' }).click();
  const banner = page.getByRole('navigation', { name: 'Mobile' });
  await expect(banner.getByRole('link', { name: 'Professor Dashboard' })).toHaveAttribute('href', '/professor');
  await expect(banner.getByRole('link', { name: 'Professor Sign In' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close menu' }).click();
  // The page is the students' own: its search works as theirs does.
  await page.getByLabel('Course code').fill(course.code);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: `View Course ${course.code}` }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await banner.getByRole('link', { name: 'Professor Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Course Management' })).toBeVisible();
});

test('`npm start` serves a student page with the same HTML as the build', async ({ page, request }) => {
  test.setTimeout(90_000);
  // The dev server of `npm start` (web/vite.config.ts), pointed at the same API as the build.
  process.env.VITE_SUPABASE_URL = stack().apiUrl;
  const server = await createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1', hmr: false },
  });
  await server.listen();
  try {
    const address = server.resolvedUrls!.local[0]!;
    const root = async (url: string) => {
      const html = await (await request.get(url, { headers: { accept: 'text/html' } })).text();
      await page.setContent(html.replace(/<script\b[\s\S]*?<\/script>/g, ''));
      return page.locator('#root').innerHTML();
    };
    for (const path of ['/submit', '/class-session', '/course-search']) {
      const built = await root(path);
      expect(built).toContain('<form');
      expect(await root(new URL(path, address).href), path).toBe(built);
    }
  } finally {
    await server.close();
  }
});
