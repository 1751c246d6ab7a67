// The light student pages (docs/performance.md, "Light student pages"): a visitor without a session
// gets the prerendered page and its small script, never the app; a signed-in professor gets the app.
import { type Page, expect, test } from '@playwright/test';
import { es } from './support/language';
import { signInByCookie } from './support/professor';
import { failRequests, professorCourse, seededCourse } from './support/student';

const LIGHT_PAGES = [
  ['/', 'Privacy-first feedback for better teaching and learning'],
  ['/privacy', 'Privacy Policy'],
  ['/accessibility', 'Accessibility'],
  ['/course-search', 'Find Your Course'],
] as const;

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
/** The light script has run once the Menu button (on a phone; hidden on a desktop) is enabled. */
const scriptRan = (page: Page) => expect(page.locator('header button[aria-controls="mobile-menu"]')).toBeEnabled();

test('a student opening /, /privacy, /accessibility or /course-search loads the light script and none of the app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const [path, heading] of LIGHT_PAGES) {
    scripts.length = 0;
    await page.goto(path);
    await expect(h1(page)).toHaveText(heading);
    await scriptRan(page);
    // Were the app starting, its entry would be requested within the loader's 200 ms timer.
    await page.waitForLoadState('networkidle');
    expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/light-[\w-]+\.js$/)]);
  }
});

test('on a light page the language and theme choices work, and are kept', async ({ page }) => {
  await page.goto('/privacy');
  await scriptRan(page);
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(h1(page)).toHaveText(es('Privacy Policy'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(es('Privacy Policy · ClassPulse'));
  await expect(page.getByRole('contentinfo').getByRole('combobox', { name: es('Language') })).toBeFocused();

  await page
    .getByRole('banner')
    .getByRole('combobox', { name: es('Theme') })
    .selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  // Back to English: the English markup comes back, and shows the theme chosen in Spanish.
  await page
    .getByRole('contentinfo')
    .getByRole('combobox', { name: es('Language') })
    .selectOption('en');
  await expect(h1(page)).toHaveText('Privacy Policy');
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');

  await page.reload();
  await expect(h1(page)).toHaveText('Privacy Policy');
  await scriptRan(page);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
});

test('a signed-in professor opening / gets the app, with their own header', async ({ page, context, baseURL }) => {
  await signInByCookie(context, baseURL!);
  await page.goto('/');
  await expect(h1(page)).toHaveText(LIGHT_PAGES[0][1]);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Professor Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Professor Sign In' })).toHaveCount(0);
});

test('on a light course page a change of language draws the page again, in that language', async ({ page }) => {
  const course = await seededCourse('COSC 1337');
  await page.goto(`/courses/${course.id}`);
  await expect(page.getByTestId('timeline-item').first()).toBeVisible();
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 2, name: es('Overview') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(h1(page)).toHaveText('COSC 1337');
  await expect(page.getByTestId('timeline-item').first()).toBeVisible();
});

test('a class link takes a student to its form with the light script alone; one the database does not know, to the banner', async ({
  page,
}) => {
  const { course, session } = await professorCourse({ withSession: true });
  // The class link page's own scripts: what it asks for before the form's page replaces it.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.headers().referer?.includes('/class/'))
      scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`/class/${session!.accessToken}`);
  await expect(page).toHaveURL(`/class-session?sessionId=${session!.sessionId}&courseId=${course.id}`);
  await expect(h1(page)).toHaveText('Session Feedback');
  await expect(page.getByText(`${course.code} ${course.name}`)).toBeVisible();
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/light-[\w-]+\.js$/)]);
  // The class link is gone from the history, as after the app's redirect: Back leaves the site.
  await page.goBack();
  expect(page.url()).toBe('about:blank');

  await page.goto('/class/not-a-class-link');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('alert')).toHaveText(/Session not found or expired\. Please ask your professor for a new link\./);
});

test('a class link whose read gets no answer is handed to the app, which asks again and goes on', async ({ page }) => {
  const { course, session } = await professorCourse({ withSession: true });
  await failRequests(page, '**/rest/v1/rpc/resolve_class_token**', { times: 1 });
  const app: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/index-[\w-]+\.js$/.test(request.url())) app.push(request.url());
  });
  await page.goto(`/class/${session!.accessToken}`);
  await expect(page).toHaveURL(`/class-session?sessionId=${session!.sessionId}&courseId=${course.id}`);
  await expect(page.getByText(`${course.code} ${course.name}`)).toBeVisible();
  expect(app.length).toBeGreaterThan(0);
});

test('course search finds a course with the light script alone, also in Spanish; an unknown code is handed to the app', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/course-search');
  await scriptRan(page);
  await page.getByLabel('Course code').fill('math 2413');
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('heading', { level: 2 })).toHaveText('MATH 2413');
  const course = await seededCourse('MATH 2413');
  await expect(results.getByRole('link', { name: 'View Course MATH 2413' })).toHaveAttribute('href', `/courses/${course.id}`);
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/light-[\w-]+\.js$/)]);

  // In Spanish the results are drawn again in Spanish, and the code typed stays.
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('list', { name: es('Search results') }).getByRole('heading', { level: 2 })).toHaveText('MATH 2413');
  await expect(page.getByLabel(es('Course code'))).toHaveValue('math 2413');
  await expect(page.getByRole('button', { name: es('Search'), exact: true })).toBeEnabled();
  expect(scripts).toHaveLength(1);

  // An unknown code: the app shows the "Course Not Found" card (and its toast), the code in the address.
  await page.getByLabel(es('Course code')).fill('NOPE 9999');
  await page.getByRole('button', { name: es('Search'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: es('Course Not Found') })).toBeVisible();
  await expect(page).toHaveURL(/\/course-search\?code=NOPE\+9999$/);
  expect(scripts.some((script) => /^\/assets\/index-[\w-]+\.js$/.test(script))).toBe(true);
});

test('a signed-in professor opening a class link gets the app, which takes class.html over and goes on to the form', async ({
  page,
  context,
  baseURL,
}) => {
  const { course, session } = await professorCourse({ withSession: true });
  await signInByCookie(context, baseURL!);
  await page.goto(`/class/${session!.accessToken}`);
  await expect(page).toHaveURL(`/class-session?sessionId=${session!.sessionId}&courseId=${course.id}`);
  await expect(page.getByText(`${course.code} ${course.name}`)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Professor Dashboard' })).toBeVisible();
});

test.describe('from a Spanish browser', () => {
  test.use({ locale: 'es-ES' });

  test("a class link that leads nowhere shows the landing page's banner in Spanish", async ({ page }) => {
    await page.goto('/class/not-a-class-link');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('alert')).toHaveText(es('Session not found or expired. Please ask your professor for a new link.'));
  });
});
