// `/courses/{id}`: the host answers it with course.html, whose inline script in <head> sends the
// page's first reads (the course, its notes, its timeline and its class day) as the page loads
// (web/src/student/render/firstReads.ts); the page's island takes their answers, draws the course
// with them, and a course this device opened before at once from what it kept.
import { type Page, expect, test } from '@playwright/test';
import { signInByCookie } from './support/professor';
import { holdRequests, professorCourse, seededCourse, TIME_ZONE } from './support/student';
import { db, nginxUrl } from './support/stack';

test.use({ timezoneId: TIME_ZONE });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function notesOf(courseId: string): Promise<string[]> {
  const { rows } = await db().query<{ body: string }>(
    `select n.body from public.session_notes n join public.class_sessions s on s.id = n.session_id
     where s.course_id = $1 order by s.session_date desc`,
    [courseId],
  );
  return rows.map((row) => row.body);
}

/** The course's class day as the server says it: today in the course's own time zone. */
async function classDayOf(courseId: string): Promise<string> {
  const { rows } = await db().query<{ day: string }>('select public.course_class_day($1)::text as day', [courseId]);
  return rows[0]!.day;
}

const isWeekday = (day: string) => ![0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());

test('a course page shows its course, its notes and its links to the course’s class day', async ({ page }) => {
  const course = await seededCourse('COSC 1337');
  await page.goto(`/courses/${course.id}`);
  await expect(heading(page, 'COSC 1337')).toBeVisible();
  await expect(page.getByText(course.name, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('COSC 1337 · ClassPulse');
  const notes = await notesOf(course.id);
  expect(notes.length).toBeGreaterThan(0);
  await expect(page.getByTestId('professor-note')).toHaveCount(notes.length);
  for (const [index, body] of notes.entries()) await expect(page.getByTestId('professor-note').nth(index)).toContainText(body);
  // The feedback links name this course and its class day.
  const day = await classDayOf(course.id);
  const links = page.locator(`a[href="/class-session?courseId=${course.id}&sessionId=${day}"]`);
  await expect(links).toHaveCount(isWeekday(day) ? 2 : 0);
});

test('the feedback links go to the course’s class day, never the device’s date (issue 52)', async ({ page }) => {
  const course = await seededCourse('COSC 1337');
  const day = await classDayOf(course.id);
  // This device is three days ahead of the course.
  await page.clock.setFixedTime(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
  await page.goto(`/courses/${course.id}`);
  await expect(heading(page, 'COSC 1337')).toBeVisible();
  if (isWeekday(day)) {
    await expect(page.getByRole('link', { name: "Submit Today's Feedback" })).toHaveAttribute(
      'href',
      `/class-session?courseId=${course.id}&sessionId=${day}`,
    );
    await expect(page.getByRole('link', { name: "Give Today's Feedback" })).toHaveAttribute(
      'href',
      `/class-session?courseId=${course.id}&sessionId=${day}`,
    );
  } else {
    await expect(page.getByRole('button', { name: 'No Class Today' })).toBeDisabled();
    await expect(page.getByRole('link', { name: /Today's Feedback/ })).toHaveCount(0);
  }
});

// "a Spanish visitor’s course page is drawn in Spanish" → CourseView.test.tsx "in Spanish"; a stored Spanish on this page: languages-themes.spec.ts.

const PAGE_READS = /\/rest\/v1\/(courses|rpc\/course_timeline|rpc\/course_notes|rpc\/course_class_day)$/;
const ALL_READS = ['/rest/v1/courses', '/rest/v1/rpc/course_class_day', '/rest/v1/rpc/course_notes', '/rest/v1/rpc/course_timeline'];

/** The page's reads of its course, notes, timeline and class day, as sent. */
function pageReads(page: Page): URL[] {
  const reads: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && PAGE_READS.test(url.pathname)) reads.push(url);
  });
  return reads;
}

const paths = (reads: URL[]) => reads.map((url) => url.pathname).sort();

test('a student’s course page draws its timeline and counts with its own script, none of the app, its first reads sent once from <head>', async ({
  page,
}) => {
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
  // The counts drawn with it: the overview's total in the header's line.
  const total = page.locator('dl').getByText('Total Feedback').locator('xpath=following-sibling::dd');
  await expect(total).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByText(`${await total.textContent()} submissions`, { exact: true })).toBeVisible();
  await expect(page.locator('dl').getByText(/^\d+ this week$/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The student pages' one script hydrates it; the professor app's entry is never asked for.
  expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/));
  expect(scripts.filter((path) => /^\/assets\/app-[\w-]+\.js$/.test(path))).toEqual([]);
  expect(paths(reads)).toEqual(ALL_READS);
  // Sent by the inline script: the anonymous key in the query, so the browser sends no CORS preflight.
  for (const url of reads) expect(url.searchParams.get('apikey'), url.pathname).toBeTruthy();
  expect(errors).toEqual([]);
});

test('a timeline that cannot be read offers "Try again" without an error, the first reads sent once', async ({ page }) => {
  const course = await seededCourse('COSC 1337');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const reads = pageReads(page);
  // Once, counted here: when a route given `times` runs out, Playwright stops intercepting while
  // the page's other requests (its modules) may be paused, and those can hang for good.
  let failed = false;
  await page.route('**/rest/v1/rpc/course_timeline**', (route) => {
    if (failed) return route.fallback();
    failed = true;
    return route.fulfill({ status: 503, body: '{}' });
  });
  await page.goto(`/courses/${course.id}`);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to load the submissions' })).toBeVisible();
  await expect(heading(page, 'COSC 1337')).toBeVisible();
  // Playwright reports each request when it hears of it, which may come after the page has drawn its answer.
  await expect.poll(() => paths(reads)).toEqual(ALL_READS);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('timeline-item').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a signed-in professor’s visit sends no first reads from <head>: their reads are their own', async ({ page, context, baseURL }) => {
  const course = await seededCourse('COSC 1337');
  await signInByCookie(context, baseURL!);
  const reads = pageReads(page);
  await page.goto(`/courses/${course.id}`);
  await expect(heading(page, 'COSC 1337')).toBeVisible();
  await expect(page.getByTestId('timeline-item').first()).toBeVisible();
  await expect.poll(() => paths(reads)).toEqual(ALL_READS);
  for (const url of reads) expect(url.searchParams.has('apikey'), url.pathname).toBe(false);
});

/** The course pages this browser keeps, by id (web/src/student/pages/course/courseMemory.ts). */
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

  // Deleted: the page says so, and the device no longer keeps it.
  await db().query('delete from public.courses where id = $1', [course.id]);
  await page.goto(`/courses/${course.id}`);
  await expect(page.getByRole('heading', { name: 'Course Not Found' })).toBeVisible();
  await expect.poll(async () => (await keptCourses(page))[course.id]).toBeUndefined();
});

test('on nginx, a course page is served with its first screen in it: seen without JavaScript, then drawn by its script', async ({
  browser,
  request,
  baseURL,
}) => {
  const nginx = nginxUrl();
  const { course } = await professorCourse();
  // A name as a professor may type it: markup, quotes, a $ and a | stay text.
  const name = `Intro <to> "C" | $1 & more`;
  await db().query(`update public.courses set name = $2, section = '002' where id = $1`, [course.id, name]);
  const day = await classDayOf(course.id);
  const address = `/courses/${course.id}`;
  const title = `${course.code} · Section 002`;

  // In the HTML as first served, escaped once, in both languages' copies; nothing for an unknown course.
  const html = await (await request.get(`${nginx}${address}`)).text();
  expect(html.split('Intro &lt;to&gt; &quot;C&quot; &#124; &#36;1 &amp; more')).toHaveLength(3);
  const unknown = await (await request.get(`${nginx}/courses/00000000-0000-4000-8000-000000000000`)).text();
  expect(unknown).not.toContain(course.code);
  expect(unknown).toContain('Loading course details...');
  // The file as built (a host without SSI, the service worker) holds one command per language, not the markup.
  const built = await (await request.get(`${baseURL}${address}`)).text();
  expect(built.match(/<!--# include virtual="\/_ssi\/course-screen\.(en|es)\.html" -->/g)).toHaveLength(2);
  expect(built).not.toContain('classpulse_markup');

  // Seen before any script: the course, and its link to the class day's form (or "No Class Today").
  const noScript = await browser.newContext({ javaScriptEnabled: false, timezoneId: TIME_ZONE, baseURL: nginx });
  const plain = await noScript.newPage();
  await plain.goto(address);
  await expect(heading(plain, title)).toBeVisible();
  await expect(plain.getByText(name, { exact: true })).toBeVisible();
  if (isWeekday(day)) {
    await expect(plain.getByRole('link', { name: "Give Today's Feedback" })).toHaveAttribute(
      'href',
      `/class-session?courseId=${course.id}&sessionId=${day}`,
    );
  } else {
    await expect(plain.getByRole('button', { name: 'No Class Today' })).toBeDisabled();
  }
  await expect(plain.getByText('Loading course details...')).toBeHidden();
  await noScript.close();

  // With scripts: the island draws the page itself, its timeline with it, and the host's copy goes.
  const withScript = await browser.newContext({ timezoneId: TIME_ZONE, baseURL: nginx });
  const page = await withScript.newPage();
  await page.goto(address);
  await expect(page.locator('html')).toHaveAttribute('data-course-drawn', '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([title]);
  await expect(page.locator('[data-hosted-course]')).toBeHidden();
  await expect(page.getByText(name, { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(page.getByText('0 submissions', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${title} · ClassPulse`);
  await withScript.close();
});
