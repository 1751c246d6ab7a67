// The light student pages (docs/performance.md, "Light student pages"): a visitor without a session
// gets the prerendered page and its small script, never the app; a signed-in professor gets the app.
import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { es } from './support/language';
import { signInByCookie, submitFeedback } from './support/professor';
import { db } from './support/stack';
import { TIME_ZONE, failRequests, holdRequests, professorCourse, seededCourse } from './support/student';
import { expectToast } from './support/toast';
import { fillSessionFeedback } from './support/forms';
import { deleteStories, insertStory, listCard, storyRow, uniqueWant, voteCount, voterHash } from './support/userStories';

const LIGHT_PAGES = [
  ['/', 'Privacy-first feedback for better teaching and learning'],
  ['/privacy', 'Privacy Policy'],
  ['/accessibility', 'Accessibility'],
  ['/course-search', 'Find Your Course'],
  ['/my-feedback', 'My feedback'],
] as const;

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
/** The path of every script the page asks for from now on. */
function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}
/** What a light page loads: its one script, and nothing of the app. */
const ONLY_THE_LIGHT_SCRIPT = [expect.stringMatching(/^\/assets\/light-[\w-]+\.js$/)];
/** The light script has run once the Menu button (on a phone; hidden on a desktop) is enabled. */
const scriptRan = (page: Page) => expect(page.locator('header button[aria-controls="mobile-menu"]')).toBeEnabled();

test('a student opening /, /privacy, /accessibility, /course-search or /my-feedback loads the light script and none of the app', async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  for (const [path, heading] of LIGHT_PAGES) {
    scripts.length = 0;
    await page.goto(path);
    await expect(h1(page)).toHaveText(heading);
    await scriptRan(page);
    // Were the app starting, its entry would be requested within the loader's 200 ms timer.
    await page.waitForLoadState('networkidle');
    expect(scripts, path).toEqual(ONLY_THE_LIGHT_SCRIPT);
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
  expect(scripts).toEqual(ONLY_THE_LIGHT_SCRIPT);
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

test('course search finds a course with the light script alone, also in Spanish, and says so when it finds none or fails', async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  await page.goto('/course-search');
  await scriptRan(page);
  await page.getByLabel('Course code').fill('math 2413');
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('heading', { level: 2 })).toHaveText('MATH 2413');
  const course = await seededCourse('MATH 2413');
  await expect(results.getByRole('link', { name: 'View Course MATH 2413' })).toHaveAttribute('href', `/courses/${course.id}`);
  expect(scripts).toEqual(ONLY_THE_LIGHT_SCRIPT);

  // In Spanish the results are drawn again in Spanish, and the code typed stays.
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('list', { name: es('Search results') }).getByRole('heading', { level: 2 })).toHaveText('MATH 2413');
  await expect(page.getByLabel(es('Course code'))).toHaveValue('math 2413');
  await expect(page.getByRole('button', { name: es('Search'), exact: true })).toBeEnabled();
  expect(scripts).toHaveLength(1);

  // An unknown code: the "Course Not Found" card and the app's toast, in Spanish, still without the app.
  await page.getByLabel(es('Course code')).fill('NOPE 9999');
  await page.getByRole('button', { name: es('Search'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: es('Course Not Found') })).toBeVisible();
  await expectToast(
    page,
    es('Course not found'),
    es('No course found with code "{{code}}". Please check the course code and try again.', { code: 'NOPE 9999' }),
    es('Close notification'),
  );

  // A search that fails: the toast, nothing shown, and the button ready for another try.
  await failRequests(page, '**/rest/v1/rpc/search_courses**', { times: 1 });
  await page.getByRole('button', { name: es('Search'), exact: true }).click();
  await expectToast(page, es('Error'), es('Failed to find course. Please try again.'), es('Close notification'));
  await expect(page.getByRole('heading', { level: 2, name: es('Course Not Found') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: es('Search'), exact: true })).toBeEnabled();
  expect(scripts).toHaveLength(1);
});

test("F8 takes the keyboard to a light page's toast, and Escape closes it and gives focus back", async ({ page }) => {
  await page.goto('/course-search');
  await scriptRan(page);
  await page.getByLabel('Course code').fill('NOPE 0001');
  await page.getByLabel('Course code').press('Enter');
  const toast = page.locator('[data-scope="toast"][data-part="root"]');
  await expect(toast).toContainText('No course found with code "NOPE 0001"');
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeFocused();
  await page.getByRole('region', { name: /Notifications/ }).press('Tab');
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(0);
  await expect(page.getByLabel('Course code')).toBeFocused();
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

test("a light page's toasts come one at a time, 5 s each, and wait while the pointer is on them", async ({ page }) => {
  await page.clock.install();
  await page.goto('/course-search');
  await scriptRan(page);
  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt(Date.now() + 1_000);
  const toast = page.locator('[data-scope="toast"][data-part="root"]');
  await page.getByLabel('Course code').fill('NOPE 0002');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(toast).toContainText('No course found with code "NOPE 0002"');
  // A failed search meanwhile: its toast waits for the first to go.
  await failRequests(page, '**/rest/v1/rpc/search_courses**', { times: 1 });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('button', { name: 'Search' })).toBeEnabled();
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText('No course found with code "NOPE 0002"');

  await toast.hover();
  await page.clock.runFor(10_000);
  await expect(toast).toContainText('No course found with code "NOPE 0002"');
  await page.mouse.move(0, 0);
  await page.clock.runFor(5_000);
  await expect(toast).toContainText('Failed to find course. Please try again.');
  await page.clock.runFor(5_000);
  await expect(toast).toHaveCount(0);
});

test("My feedback draws this device's list with the light script alone: a reply, a removed and an unreachable one, Forget, Spanish and Forget all", async ({
  page,
}) => {
  const { course, session } = await professorCourse({ withSession: true });
  const replied = await submitFeedback(course.id, session!.sessionId, 'Recursion');
  const unreachable = await submitFeedback(course.id, session!.sessionId, 'Pointers');
  await db().query('insert into public.submission_replies (submission_id, class_session_id, body) values ($1, $2, $3)', [
    replied.id,
    session!.sessionId,
    'Think of the base case first.',
  ]);
  const sentAt = new Date();
  const entry = (token: string, minutesAgo: number, known = true) => ({
    token,
    courseId: course.id,
    courseCode: known ? course.code : '',
    courseName: known ? course.name : '',
    excerpt: known ? `About ${token.slice(0, 4)}` : '',
    sentAt: new Date(sentAt.getTime() - minutesAgo * 60_000).toISOString(),
  });
  const remembered = [entry(replied.editToken, 0), entry(`${randomUUID()}.gone`, 1, false), entry(unreachable.editToken, 2)];
  await page.goto('/privacy');
  await page.evaluate((list) => localStorage.setItem('classpulse.rememberedFeedback', list), JSON.stringify(remembered));
  await failRequests(page, `**/functions/v1/submissions/${unreachable.id}`);
  const replyRead = await holdRequests(page, `**/functions/v1/submissions/${replied.id}`);
  const scripts = scriptsRequested(page);

  await page.goto('/my-feedback');
  const items = page.getByRole('list', { name: 'My feedback' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  // Focus on an entry's link stays there when the entry is drawn again with its reply.
  await items.nth(0).getByRole('link', { name: 'Open' }).focus();
  replyRead.release();
  await expect(items.nth(0).getByRole('heading', { level: 2 })).toHaveText(`${course.code} · ${course.name}`);
  const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(sentAt);
  await expect(items.nth(0)).toContainText(when);
  await expect(items.nth(0)).toContainText(`“About ${replied.editToken.slice(0, 4)}”`);
  await expect(items.nth(0).getByText('Your professor replied')).toBeVisible();
  await expect(items.nth(0).getByText('Think of the base case first.')).toBeVisible();
  await expect(items.nth(0).getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/track/${replied.editToken}`);
  await expect(items.nth(0).getByRole('link', { name: 'Open' })).toBeFocused();
  await expect(items.nth(1).getByRole('heading', { level: 2 })).toHaveText('Course');
  await expect(items.nth(1)).toContainText('This feedback no longer exists: it was removed.');
  await expect(items.nth(1).getByText(/“/)).toHaveCount(0);
  await expect(items.nth(2)).toContainText('Could not check for a reply. Try again later.');
  expect(scripts).toEqual(ONLY_THE_LIGHT_SCRIPT);

  await items.nth(1).getByRole('button', { name: 'Forget' }).click();
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText('Could not check for a reply. Try again later.');

  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
  const spanish = page.getByRole('list', { name: es('My feedback') }).getByRole('listitem');
  await expect(spanish).toHaveCount(2);
  await expect(spanish.nth(0).getByText(es('Your professor replied'))).toBeVisible();
  await expect(spanish.nth(1)).toContainText(es('Could not check for a reply. Try again later.'));

  await page.getByRole('button', { name: es('Forget all') }).click();
  await expect(page.getByText(es('This device remembers no feedback.'))).toBeVisible();
  await expect(page.getByRole('link', { name: es('Submit Feedback') }).last()).toHaveAttribute('href', '/submit');
  await expect(page.getByRole('banner').getByRole('link', { name: es('My feedback') })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('classpulse.rememberedFeedback'))).toBeNull();
  expect(scripts).toHaveLength(1);
});

test('Session Feedback is light until "Submit": its course, note and texts drawn, the sliders and the language kept, then the app sends it once', async ({
  page,
}) => {
  const { course, session } = await professorCourse({ withSession: true });
  await db().query('update public.courses set peer_confusion = true where id = $1', [course.id]);
  const scripts = scriptsRequested(page);
  await page.goto(`/class-session?courseId=${course.id}&sessionId=${session!.sessionId}`);
  await scriptRan(page);
  await expect(page.getByText(`${course.code} ${course.name}`)).toBeVisible();
  await expect(page.getByTestId('session-note')).toContainText('Session date: ');
  await expect(page.getByRole('heading', { level: 2, name: 'What others found unclear' })).toBeVisible();
  await expect(
    page.getByText('Nothing to show yet: what others found unclear appears here once enough classmates have answered.'),
  ).toBeVisible();

  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual(ONLY_THE_LIGHT_SCRIPT);

  // Once a field has focus the app's code is fetched, though not run: the page is still the prerendered one.
  const form = page.getByRole('form', { name: 'Session feedback' });
  await fillSessionFeedback(form, {
    mind: 'Stacks',
    unclear: 'Frames, in light',
    wentWell: 'Drawings',
    pace: 'just_right',
    challenge: 'slightly_hard',
  });
  const clarity = form.getByRole('slider', { name: 'How clear was this session?' });
  await clarity.focus();
  await page.keyboard.press('ArrowRight');
  await expect(clarity).toHaveAttribute('aria-valuetext', '5 of 7');
  await expect(form.getByText('5 of 7')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);

  // In Spanish and back: the page is drawn again with what was typed.
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 2, name: es('What others found unclear') })).toBeVisible();
  await expect(page.getByText(`${course.code} ${course.name}`)).toBeVisible();
  await page
    .getByRole('contentinfo')
    .getByRole('combobox', { name: es('Language') })
    .selectOption('en');
  await expect(form.getByLabel('What parts were unclear?')).toHaveValue('Frames, in light');
  await expect(clarity).toHaveValue('5');
  await expect(clarity).toHaveAttribute('aria-valuetext', '5 of 7');

  await form.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await expectToast(page, 'Submitted!', 'Your feedback has been submitted! You can edit it anytime while you stay on this page.');
  await expect(page.getByRole('button', { name: 'Update Feedback' })).toBeVisible();
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  const { rows } = await db().query('select unclear_parts, clarity_rating from public.submissions where class_session_id = $1', [
    session!.sessionId,
  ]);
  expect(rows).toEqual([{ unclear_parts: 'Frames, in light', clarity_rating: 5 }]);
});

test('Submit Feedback is light until "Submit": the course list is filled with the address\'s course chosen, then the app sends it once', async ({
  page,
}) => {
  const { course } = await professorCourse();
  const scripts = scriptsRequested(page);
  await page.goto(`/submit?courseId=${course.id}`);
  const form = page.getByRole('form', { name: 'Feedback' });
  await expect(form.getByLabel('Course')).toHaveValue(course.id);
  await expect(form.getByLabel('Course')).toBeEnabled();
  await expect(form.getByRole('option', { name: `${course.code} - ${course.name}` })).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual(ONLY_THE_LIGHT_SCRIPT);

  await form.getByLabel('Topic').fill('Recursion');
  await form.getByLabel('What confused you?').fill('Light until sent');
  await form.getByRole('radio', { name: 'Slightly confused' }).check();
  await form.getByRole('button', { name: 'Submit Feedback' }).click();
  await expectToast(page, 'Submission Sent!', 'Thank you for your feedback. Your submission has been sent anonymously.');
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  const { rows } = await db().query('select topic, confusion, difficulty_level from public.submissions where course_id = $1', [course.id]);
  expect(rows).toEqual([{ topic: 'Recursion', confusion: 'Light until sent', difficulty_level: 'slightly' }]);
});

test.describe('a private link', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('is light until the student acts: the feedback, its reply and course drawn, Copy Link, Remember and Spanish work; "Update Feedback" starts the app, which saves it', async ({
    page,
  }) => {
    const { course, session } = await professorCourse({ withSession: true });
    const own = await submitFeedback(course.id, session!.sessionId, 'Recursion');
    await db().query('insert into public.submission_replies (submission_id, class_session_id, body) values ($1, $2, $3)', [
      own.id,
      session!.sessionId,
      'Start from the base case.',
    ]);
    const scripts = scriptsRequested(page);
    await page.goto(`/track/${own.editToken}`);
    const form = page.getByRole('form', { name: 'Feedback' });
    await expect(form.getByLabel('Topic')).toHaveValue('Recursion');
    await expect(form.getByLabel('What confused you?')).toHaveValue('Still unsure about Recursion.');
    await expect(form.getByRole('radio', { name: 'Slightly confused' })).toBeChecked();
    await expect(form.getByText(`${course.code} - ${course.name}`)).toBeVisible();
    await expect(page.getByTestId('professor-reply')).toHaveText('Start from the base case.');
    const link = page.getByRole('textbox', { name: 'Your private track link' });
    await expect(link).toHaveValue(new URL(`/track/${own.editToken}`, page.url()).href);

    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expectToast(page, 'Copied!', 'Link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/track/${own.editToken}`, page.url()).href);
    const remember = page.getByRole('checkbox', { name: 'Remember on this device' });
    await expect(remember).not.toBeChecked();
    await remember.check();
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('classpulse.rememberedFeedback') ?? '[]') as unknown[]);
    expect(kept).toEqual([
      expect.objectContaining({
        token: own.editToken,
        courseCode: course.code,
        courseName: course.name,
        excerpt: 'Still unsure about Recursion.',
      }),
    ]);
    await form.getByLabel('Topic').fill('Recursion, base cases');

    await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(es('Your Anonymous Feedback'));
    await expect(page.getByRole('checkbox', { name: es('Remember on this device') })).toBeChecked();
    await expect(page.getByTestId('professor-reply')).toHaveText('Start from the base case.');
    await page
      .getByRole('contentinfo')
      .getByRole('combobox', { name: es('Language') })
      .selectOption('en');
    await expect(form.getByLabel('Topic')).toHaveValue('Recursion, base cases');
    // Every language choice says English again (the markup shown again held the choice of Spanish).
    for (const select of await page.getByRole('combobox', { name: 'Language', includeHidden: true }).all())
      await expect(select).toHaveValue('en');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(ONLY_THE_LIGHT_SCRIPT);

    await form.getByRole('button', { name: 'Update Feedback' }).click();
    await expectToast(page, 'Updated!', 'Your feedback has been updated successfully.');
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
    const { rows } = await db().query('select topic from public.submissions where id = $1', [own.id]);
    expect(rows).toEqual([{ topic: 'Recursion, base cases' }]);
  });

  test('that opens nothing says so with the light script alone', async ({ page }) => {
    const scripts = scriptsRequested(page);
    await page.goto(`/track/${randomUUID()}.not-the-secret`);
    await expect(page.getByRole('heading', { name: 'Submission Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Submit New Feedback' })).toHaveAttribute('href', '/submit');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(ONLY_THE_LIGHT_SCRIPT);
  });
});

test.describe('a form post\'s "sent" page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('is light until the student comes to its private link: the link drawn and remembered, the token out of the address; Copy Link starts the app, which copies it', async ({
    page,
  }) => {
    const { course, session } = await professorCourse({ withSession: true });
    const own = await submitFeedback(course.id, session!.sessionId, 'Recursion');
    const query = `courseId=${course.id}&sessionId=${session!.sessionId}`;
    const scripts = scriptsRequested(page);
    // The card is the token's: drawn before the submission's read has answered.
    const submissionRead = await holdRequests(page, (url) => url.pathname.startsWith('/functions/v1/submissions/'));
    await page.goto(`/class-session/sent?${query}#token=${own.editToken}`);
    await expect(h1(page)).toHaveText('Submitted!');
    const link = page.getByRole('textbox', { name: 'Your private track link' });
    await expect(link).toHaveValue(new URL(`/track/${own.editToken}`, page.url()).href);
    submissionRead.release();
    // Then "Notify me if my professor replies", in the state this browser allows.
    await expect(
      page.getByText(/^(Notify me if my professor replies|This browser cannot notify you of a reply|Notifications are blocked)/),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Remember on this device' })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Back to the Form' })).toHaveAttribute('href', `/class-session?${query}`);
    // The token is out of the address; the device's list has the feedback with its course.
    expect(new URL(page.url()).hash).toBe('');
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('classpulse.rememberedFeedback') ?? '[]') as unknown[]);
    expect(kept).toEqual([expect.objectContaining({ token: own.editToken, courseCode: course.code, courseName: course.name })]);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(ONLY_THE_LIGHT_SCRIPT);

    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expectToast(page, 'Copied!', 'Link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/track/${own.editToken}`, page.url()).href);
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
    await expect(link).toHaveValue(new URL(`/track/${own.editToken}`, page.url()).href);
  });
  test('a tap on Copy Link before the feedback has been read is kept until the app has it', async ({ page }) => {
    const { course, session } = await professorCourse({ withSession: true });
    const own = await submitFeedback(course.id, session!.sessionId, 'Recursion');
    const submissionRead = await holdRequests(page, (url) => url.pathname.startsWith('/functions/v1/submissions/'));
    await page.goto(`/submit/sent?courseId=${course.id}#token=${own.editToken}`);
    await page.getByRole('button', { name: 'Copy Link' }).click();
    submissionRead.release();
    await expectToast(page, 'Copied!', 'Link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/track/${own.editToken}`, page.url()).href);
    await expect(page.getByRole('textbox', { name: 'Your private track link' })).toBeVisible();
  });
});

test('a refusal\'s "not sent" page says it with the light script alone, in Spanish, by field and by code; "Back to the Form" opens the form with what was typed', async ({
  page,
}) => {
  const course = await seededCourse('COSC 1337');
  await page.addInitScript(() => localStorage.setItem('classpulse.language', 'es'));
  const scripts = scriptsRequested(page);
  // By its code, its parameters put in.
  const byCode = new URLSearchParams({
    error: 'The request body is too large (at most 16 KB).',
    code: 'body_too_large',
    'p.kilobytes': '16',
  });
  await page.goto(`/class-session/not-sent?courseId=${course.id}#${byCode}`);
  const alert = page.getByRole('alert').filter({ hasText: es('Your feedback was not sent') });
  await expect(alert).toContainText(es('The request body is too large (at most {{kilobytes}} KB).', { kilobytes: 16 }));

  // By field.
  const byField = new URLSearchParams({
    error: 'Please enter a topic',
    code: 'invalid_input',
    'e.topic': 'Please enter a topic',
    'v.topic': '   ',
    'v.confusion': 'Base cases and the call stack',
    'v.difficultyLevel': 'slightly',
  });
  await page.goto(`/submit/not-sent?courseId=${course.id}#${byField}`);
  await expect(alert.getByRole('listitem')).toHaveText([`${es('Topic')}: ${es('Please enter a topic')}`]);
  expect(new URL(page.url()).hash).toBe('');
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([...ONLY_THE_LIGHT_SCRIPT, ...ONLY_THE_LIGHT_SCRIPT]);

  await page.getByRole('link', { name: es('Back to the Form') }).click();
  const form = page.getByRole('form', { name: es('Feedback') });
  await expect(form.getByLabel(es('What confused you?'))).toHaveValue('Base cases and the call stack');
  await expect(form.getByRole('radio', { name: es('Slightly confused') })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`/submit\\?courseId=${course.id}$`));
});

test('the user stories board is drawn with the light script alone; a tap on a vote starts the app, which counts it', async ({ page }) => {
  const story = await insertStory({ want: uniqueWant('see the board before the app'), impact: 10, confidence: 10, ease: 10 }, [
    voterHash(),
  ]);
  try {
    const scripts = scriptsRequested(page);
    await page.goto('/user-stories');
    const card = listCard(page, story.title);
    await expect(card).toContainText(story.description);
    await expect(card.getByTestId('ice-score')).toHaveText(`ICE Score: ${(await storyRow(story.id))!.ice_score}`);
    await expect(card.getByText('Impact: 10')).toBeVisible();
    await expect(card.getByTestId('upvote-count')).toHaveText('1');
    await expect(card.getByRole('button', { name: /^Upvote/ })).toHaveAttribute('aria-pressed', 'false');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(ONLY_THE_LIGHT_SCRIPT);

    await card.getByRole('button', { name: /^Upvote/ }).click();
    await expect(card.getByTestId('upvote-count')).toHaveText('2');
    await expect(card.getByRole('button', { name: /^Upvote/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
    await expect.poll(() => voteCount(story.id)).toBe(2);
  } finally {
    await deleteStories([story.id]);
  }
});
