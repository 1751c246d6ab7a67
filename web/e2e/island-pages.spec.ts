// The student pages' islands on the build, flow by flow (docs/decisions/student-pages.md): each page
// draws what comes from the network and acts on its own script, never starting the professor app.
import { type Page, expect, test } from '@playwright/test';
import { es } from './support/language';
import { signInByCookie, submitFeedback } from './support/professor';
import { db } from './support/stack';
import { failRequests, holdRequests, professorCourse, seededCourse } from './support/student';
import { expectToast } from './support/toast';
import { fillSessionFeedback } from './support/forms';
import { deleteStories, insertStory, listCard, storyRow, uniqueWant, voteCount, voterHash } from './support/userStories';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
/** The path of every script the page asks for from now on. */
function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}
/** The professor app's entry (app.html's script): a student page never loads it. */
const noApp = (scripts: string[]) => expect(scripts.filter((path) => /^\/assets\/app-[\w-]+\.js$/.test(path))).toEqual([]);
/** The page's script runs once the header's Menu button (on a phone; hidden on a desktop) is enabled: boot.ts enables it as it listens for the header's first use. */
const scriptRan = (page: Page) => expect(page.locator('header button[aria-controls="mobile-menu"]')).toBeEnabled();

test('on a course page a change of language draws the page in that language, its timeline kept', async ({ page }) => {
  const course = await seededCourse('COSC 1337');
  await page.goto(`/courses/${course.id}`);
  await expect(page.getByTestId('timeline-item').first()).toBeVisible();
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 2, name: es('Overview') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(h1(page)).toHaveText('COSC 1337');
  await expect(page.getByTestId('timeline-item').first()).toBeVisible();
});

test('a class link is Session Feedback in one page load, its form taking input at once; one the database does not know, to the banner', async ({
  page,
}) => {
  const { course, session } = await professorCourse({ withSession: true });
  // The documents the browser loads: the class link's page, and no other (issue 52).
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname);
  });
  // The link's class session is asked for once, from <head> as the page loads (its first read: the
  // anonymous key in the query), and the island takes that answer.
  const resolves: URL[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/resolve_class_token')) resolves.push(new URL(request.url()));
  });
  const link = await holdRequests(page, '**/rest/v1/rpc/resolve_class_token**');
  await page.goto(`/class/${session!.accessToken}`);
  await expect(h1(page)).toHaveText('Session Feedback');
  await expect(page.getByText('Validating session link...')).toBeVisible();
  const form = page.getByRole('form', { name: 'Session feedback' });
  await form.getByLabel('What went well?').fill('Typed while the link is checked');
  link.release();
  await expect(page).toHaveURL(`/class-session?sessionId=${session!.sessionId}&courseId=${course.id}`);
  await expect(page.getByText(`${course.code} ${course.name}`)).toBeVisible();
  await expect(form.getByLabel('What went well?')).toHaveValue('Typed while the link is checked');
  expect(documents).toEqual([`/class/${session!.accessToken}`]);
  expect(resolves.map((url) => url.searchParams.get('token'))).toEqual([session!.accessToken]);
  expect(resolves[0]!.searchParams.get('apikey')).toBeTruthy();
  // The class link is gone from the history, as after a redirect: Back leaves the site.
  await page.goBack();
  expect(page.url()).toBe('about:blank');

  await page.goto('/class/not-a-class-link');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('alert')).toHaveText(/Session not found or expired\. Please ask your professor for a new link\./);
});

test('a class link whose read gets no answer offers "Try again", never the expired banner, and goes on', async ({ page }) => {
  const { course, session } = await professorCourse({ withSession: true });
  await failRequests(page, '**/rest/v1/rpc/resolve_class_token**', { times: 1 });
  await page.goto(`/class/${session!.accessToken}`);
  await expect(page.getByRole('alert')).toContainText('Unable to load this class link');
  await expect(page.getByRole('alert')).toContainText('Please check your connection and try again.');
  const form = page.getByRole('form', { name: 'Session feedback' });
  await form.getByLabel('What went well?').fill('Kept through the retry');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(`/class-session?sessionId=${session!.sessionId}&courseId=${course.id}`);
  await expect(page.getByText(`${course.code} ${course.name}`)).toBeVisible();
  await expect(form.getByLabel('What went well?')).toHaveValue('Kept through the retry');
});

test('course search finds a course with its own script, none of the app, also in Spanish, and says so when it finds none or fails', async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  // The student pages' one script hydrates the page; the professor app's entry is never asked for.
  await page.goto('/course-search');
  await scriptRan(page);
  // From the first paint, before any code (the loader), its button waits for a code.
  await expect(page.getByRole('button', { name: 'Search' })).toBeDisabled();
  await page.getByLabel('Course code').fill('math 2413');
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('heading', { level: 2 })).toHaveText('MATH 2413');
  const course = await seededCourse('MATH 2413');
  await expect(results.getByRole('link', { name: 'View Course MATH 2413' })).toHaveAttribute('href', `/courses/${course.id}`);
  expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/));
  noApp(scripts);

  // In Spanish the results are drawn again in Spanish, and the code typed stays.
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('list', { name: es('Search results') }).getByRole('heading', { level: 2 })).toHaveText('MATH 2413');
  await expect(page.getByLabel(es('Course code'))).toHaveValue('math 2413');
  await expect(page.getByRole('button', { name: es('Search'), exact: true })).toBeEnabled();
  noApp(scripts);

  // An unknown code: the "Course Not Found" card and its toast, in Spanish, still without the app.
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
  noApp(scripts);
});

test('a signed-in professor opening a class link goes on to the form, with their own header', async ({ page, context, baseURL }) => {
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

test('Session Feedback draws its course, note and texts itself, none of the app; the sliders and the language keep what was typed; it sends it once', async ({
  page,
}) => {
  const { course, session } = await professorCourse({ withSession: true });
  await db().query('update public.courses set peer_confusion = true where id = $1', [course.id]);
  const scripts = scriptsRequested(page);
  const courseReads: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/rest\/v1\/(courses|rpc\/course_notes)$/.test(url.pathname)) courseReads.push(url);
  });
  // The student pages' one script hydrates the page; the professor app's entry is never asked for.
  await page.goto(`/class-session?courseId=${course.id}&sessionId=${session!.sessionId}`);
  await expect(page.getByText(`${course.code} ${course.name}`)).toBeVisible();
  await expect(page.getByTestId('session-note')).toContainText('Session date: ');
  await expect(page.getByRole('heading', { level: 2, name: 'What others found unclear' })).toBeVisible();
  await expect(
    page.getByText('Nothing to show yet: what others found unclear appears here once enough classmates have answered.'),
  ).toBeVisible();
  // The island has drawn what it read as it started (the course, the session, what others found
  // unclear; not a quiet network: that panel polls). The course and its notes were asked for once
  // each, from <head> as the page loaded (its first reads: the anonymous key in the query).
  expect(courseReads.map((url) => url.pathname).sort()).toEqual(['/rest/v1/courses', '/rest/v1/rpc/course_notes']);
  for (const url of courseReads) expect(url.searchParams.get('apikey'), url.pathname).toBeTruthy();

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
  const { rows } = await db().query('select unclear_parts, clarity_rating from public.submissions where class_session_id = $1', [
    session!.sessionId,
  ]);
  expect(rows).toEqual([{ unclear_parts: 'Frames, in light', clarity_rating: 5 }]);
  noApp(scripts);
});

test("Submit Feedback fills its course list, the address's course chosen, and sends it once, none of the app", async ({ page }) => {
  const { course } = await professorCourse();
  const scripts = scriptsRequested(page);
  await page.goto(`/submit?courseId=${course.id}`);
  const form = page.getByRole('form', { name: 'Feedback' });
  await expect(form.getByLabel('Course')).toHaveValue(course.id);
  await expect(form.getByLabel('Course')).toBeEnabled();
  await expect(form.getByRole('option', { name: `${course.code} - ${course.name}` })).toBeAttached();

  await form.getByLabel('Topic').fill('Recursion');
  await form.getByLabel('What confused you?').fill('Sent by the page itself');
  await form.getByRole('radio', { name: 'Slightly confused' }).check();
  await form.getByRole('button', { name: 'Submit Feedback' }).click();
  await expectToast(page, 'Submission Sent!', 'Thank you for your feedback. Your submission has been sent anonymously.');
  const { rows } = await db().query('select topic, confusion, difficulty_level from public.submissions where course_id = $1', [course.id]);
  expect(rows).toEqual([{ topic: 'Recursion', confusion: 'Sent by the page itself', difficulty_level: 'slightly' }]);
  // The student pages' one script hydrated the page; the professor app's entry was never asked for.
  noApp(scripts);
});

test.describe('a private link', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('draws the feedback, its reply and course, none of the app; Copy Link, Remember and Spanish work; "Update Feedback" saves it', async ({
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
    await form.getByRole('button', { name: 'Update Feedback' }).click();
    await expectToast(page, 'Updated!', 'Your feedback has been updated successfully.');
    // The student pages' one script hydrated the page; the professor app's entry was never asked for.
    noApp(scripts);
    const { rows } = await db().query('select topic from public.submissions where id = $1', [own.id]);
    expect(rows).toEqual([{ topic: 'Recursion, base cases' }]);
  });

  // "that opens nothing says so" → TrackPage.test.tsx "that opens nothing says so, …" (axe); the server's 404: supabase/tests/functions/submissions.test.ts.
});

test.describe('a form post\'s "sent" page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('draws the private link at once, from the token; then it is remembered, the token out of the address, and Copy Link copies it', async ({
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
    noApp(scripts);

    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expectToast(page, 'Copied!', 'Link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/track/${own.editToken}`, page.url()).href);
    await expect(link).toHaveValue(new URL(`/track/${own.editToken}`, page.url()).href);
  });
  test('Copy Link works before the feedback has been read', async ({ page }) => {
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

test('the user stories board is drawn by its own island, none of the app, and counts a vote', async ({ page }) => {
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
    // The student pages' one script hydrates it; the professor app's entry (app.html's) is never asked for.
    expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/));
    noApp(scripts);

    await card.getByRole('button', { name: /^Upvote/ }).click();
    await expect(card.getByTestId('upvote-count')).toHaveText('2');
    await expect(card.getByRole('button', { name: /^Upvote/ })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => voteCount(story.id)).toBe(2);
  } finally {
    await deleteStories([story.id]);
  }
});
