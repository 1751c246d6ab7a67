import { readFile } from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { expectNoSeriousA11yViolations } from './a11y';
import { courseCard, createCourse, createTodaysLink, signInByCookie, signInWithCode, signedInWithCourse } from './support/professor';
import { anonClient, db, uniqueCourseCode } from './support/stack';
import { signInOwner } from './support/userStories';
import { TIME_ZONE } from './support/timeZone';
import { fillSessionFeedback } from './support/forms';

const UNCLEAR = 'Base case, "stack frames"\nand 再帰 (recursion) — ñ, ü, ß';
const SESSION_TOPIC = `Recursion & 再帰 ${Date.now().toString(36)}`;

function stat(page: Page, label: string) {
  return page.getByTestId(`stat-${label}`);
}

async function chooseCourse(page: Page, label: string) {
  await page.getByLabel('Course', { exact: true }).selectOption({ label });
}

test('a student submission reaches the dashboard, its stats, patterns, review and CSV export', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  await signInWithCode(page);
  await page.getByRole('button', { name: 'Get Started' }).click();
  const codeA = uniqueCourseCode('DA');
  const codeB = uniqueCourseCode('DB');
  await createCourse(page, 'Algorithms', codeA);
  await createCourse(page, 'Calculus', codeB);
  const link = await createTodaysLink(page, 'Algorithms', SESSION_TOPIC);

  // A student, in a browser of their own, opens the link and submits the session form.
  const student = await browser.newContext({ baseURL });
  const studentPage = await student.newPage();
  await studentPage.goto(link);
  await expect(studentPage).toHaveURL(/\/class-session\?/);
  await fillSessionFeedback(studentPage, {
    mind: 'Lots of new ideas, some of them stuck.',
    unclear: UNCLEAR,
    wentWell: 'The live coding, with examples.',
    pace: 'slightly_fast',
    challenge: 'slightly_hard',
  });
  await studentPage.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await expect(studentPage.getByText('Your feedback has been submitted!', { exact: false })).toBeVisible();
  await student.close();

  // Feedback for the other course, 10 days old: only "This Month" shows it, and the filter drops it.
  const courseBId = await courseIdOf(codeB);
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  const { data: created, error } = await anonClient().functions.invoke('submissions', {
    body: {
      courseId: courseBId,
      sessionId: today,
      topic: 'Limits',
      confusion: 'Epsilon-delta proofs, all of them.',
      difficultyLevel: 'completely',
    },
  });
  expect(error).toBeNull();
  await db().query(`update public.submissions set created_at = now() - interval '10 days' where id = $1`, [created.id]);

  await page.goto('/professor/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback Dashboard' })).toBeVisible();
  const filter = page.getByLabel('Course', { exact: true });
  await expect(filter.locator('option')).toHaveText(['All Courses', `${codeA} - Algorithms`, `${codeB} - Calculus`]);

  // All courses: both submissions count; only this week's in Recent Activity.
  await expect(stat(page, 'Total Submissions')).toHaveText('2');
  await expect(page.getByText('+1 from last week')).toBeVisible();
  await expect(stat(page, 'Active Courses')).toHaveText('2');
  await expect(page.getByText('All courses active')).toBeVisible();
  await expect(stat(page, 'Recent Activity')).toHaveText('1');
  await expect(page.getByText('submissions this week')).toBeVisible();
  await expect(stat(page, 'Response Needed')).toHaveText('2');
  await expect(page.getByText('pending review')).toBeVisible();

  const recent = page.getByRole('region', { name: 'Recent Submissions' });
  await expect(recent.getByTestId('recent-submission')).toHaveCount(2);
  const item = recent.getByTestId('recent-submission').filter({ hasText: SESSION_TOPIC });
  await expect(item).toContainText('Very confused'); // clarity 4 (the default) → "very"
  await expect(item).toContainText(codeA);
  await expect(item).toContainText('再帰 (recursion)');

  const patterns = page.getByRole('region', { name: 'Top Confusion Patterns' });
  await expect(patterns.getByLabel('Time range')).toHaveValue('7');
  await expect(patterns.getByTestId('confusion-pattern')).toHaveCount(1);
  const row = patterns.getByTestId('confusion-pattern').filter({ hasText: SESSION_TOPIC });
  await expect(row).toContainText(codeA);
  await expect(row).toContainText('1 submission');
  await expect(row).toContainText('Very confused: 1');
  await expect(patterns).toContainText(`Consider revisiting "${SESSION_TOPIC}" in ${codeA}`);
  await patterns.getByLabel('Time range').selectOption({ label: 'This Month' });
  await expect(patterns.getByTestId('confusion-pattern')).toHaveCount(2);
  await expect(patterns.getByTestId('confusion-pattern').filter({ hasText: 'Limits' })).toContainText('Completely lost: 1');
  await patterns.getByLabel('Time range').selectOption({ label: 'This Week' });
  await expect(patterns.getByTestId('confusion-pattern')).toHaveCount(1);

  await expect(page.getByRole('region', { name: 'Session Insights' })).toContainText(SESSION_TOPIC);
  await expectNoSeriousA11yViolations(page);

  // The filter applies to every panel.
  await chooseCourse(page, `${codeA} - Algorithms`);
  await expect(stat(page, 'Total Submissions')).toHaveText('1');
  await expect(stat(page, 'Active Courses')).toHaveText('1');
  await expect(stat(page, 'Response Needed')).toHaveText('1');
  await expect(recent.getByTestId('recent-submission')).toHaveCount(1);
  await patterns.getByLabel('Time range').selectOption({ label: 'This Semester' });
  await expect(patterns.getByTestId('confusion-pattern')).toHaveCount(1);

  // CSV of the filtered submissions: commas, quotes, newlines and non-Latin text intact.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^classpulse-feedback-${codeA.replace(' ', '-')}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data).toHaveLength(1);
  expect(parsed.data[0]).toMatchObject({
    courseCode: codeA,
    courseName: 'Algorithms',
    kind: 'session',
    topic: SESSION_TOPIC,
    confusion: UNCLEAR,
    difficultyLevel: 'very',
    pace: 'slightly_fast',
    challengeLevel: 'slightly_hard',
    clarityRating: '4',
    confidenceLevel: '50',
    wentWell: 'The live coding, with examples.',
    reviewedAt: '',
  });

  // Marking it reviewed lowers Response Needed by one.
  await recent.getByRole('button', { name: `Mark reviewed: ${SESSION_TOPIC}` }).click();
  await expect(stat(page, 'Response Needed')).toHaveText('0');
  await expect(recent.getByText('Reviewed', { exact: true })).toBeVisible();
  await chooseCourse(page, 'All Courses');
  await expect(stat(page, 'Response Needed')).toHaveText('1');
  await recent.getByRole('button', { name: 'Mark all shown reviewed' }).click();
  await expect(stat(page, 'Response Needed')).toHaveText('0');
});

test("professor B never sees professor A's courses or feedback", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  // Professor A: a course with today's link and one submission, arranged through the API.
  const codeA = uniqueCourseCode('PA');
  const secret = `Secret topic ${Date.now().toString(36)}`;
  const contextA = await browser.newContext({ baseURL });
  const a = await signInByCookie(contextA, baseURL!);
  const { data: course, error: courseError } = await a.client
    .from('courses')
    .insert({ name: 'Professor A course', code: codeA, timezone: TIME_ZONE })
    .select('id')
    .single();
  expect(courseError).toBeNull();
  const { data: session } = await a.client.rpc('create_today_session', { course_id: course!.id, topic: secret });
  const { error } = await anonClient().functions.invoke('submissions', {
    body: {
      courseId: course!.id,
      sessionId: session.sessionId,
      topic: secret,
      confusion: 'Only professor A may read this text.',
      difficultyLevel: 'slightly',
    },
  });
  expect(error).toBeNull();
  await contextA.close();

  // Professor B signs in through the UI.
  await signInWithCode(page);
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible(); // no courses at all
  await expect(page.getByText(codeA)).toHaveCount(0);
  await page.goto('/professor/dashboard');
  await expect(stat(page, 'Total Submissions')).toHaveText('0');
  await expect(stat(page, 'Active Courses')).toHaveText('0');
  await expect(page.getByText('No active courses')).toBeVisible();
  await expect(stat(page, 'Response Needed')).toHaveText('0');
  await expect(page.getByLabel('Course', { exact: true }).locator('option')).toHaveText(['All Courses']);
  await expect(page.getByText('No submissions yet.', { exact: false })).toBeVisible();
  await expect(page.getByText('No confusion reported in this period.')).toBeVisible();
  await expect(page.getByText('No session feedback in the last 30 days.')).toBeVisible();
  for (const label of ['This Month', 'This Semester']) {
    await page.getByLabel('Time range').selectOption({ label });
    await expect(page.getByText('No confusion reported in this period.')).toBeVisible();
  }
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByText(codeA)).toHaveCount(0);

  // The export holds nothing of A's either.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).not.toContain(secret);
  expect(Papa.parse(text.slice(1), { header: true, skipEmptyLines: true }).data).toHaveLength(0);
});

async function courseIdOf(code: string): Promise<string> {
  const { rows } = await db().query<{ id: string }>('select id from public.courses where code = $1', [code]);
  return rows[0]!.id;
}

test('the dashboard works at this width with the demo professor data', async ({ page, context, baseURL }) => {
  await signInOwner(context, baseURL!);
  await page.goto('/professor/dashboard');
  // On a busy 2-core machine the sign-in check and the analytics calls over all the demo courses
  // have once taken past the default 5 s (1 of about 100 runs). This test is about the layout at
  // this width; how fast the dashboard loads is measured by `npm run bench -- lighthouse`.
  await expect(stat(page, 'Total Submissions')).not.toHaveText('0', { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Recent Submissions' }).getByTestId('recent-submission')).toHaveCount(10);
  await expect(page.getByRole('region', { name: 'Top Confusion Patterns' }).getByTestId('confusion-pattern').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Session Insights' }).getByRole('article').first()).toBeVisible();
  // Its charts are drawn, bars and all.
  await expect(
    page.getByRole('region', { name: 'Session Insights' }).locator('[data-part="bar"]:not([style*="width: 0%"])').first(),
  ).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
  await page.goto('/professor');
  await expect(courseCard(page, 'Introduction to Programming')).toBeVisible();
  const overflowCourses = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflowCourses).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

// Failed loads, each an inline error with its retry ("Unable to load statistics", the course filter's): web/src/features/dashboard/DashboardPage.test.tsx.

test('the CSV export holds every submission across PostgREST pages of 1000, each once', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const code = uniqueCourseCode('EX');
  const { course, sessionId } = await signedInWithCourse(context, baseURL!, 'Big Lecture', code);
  // 1,005 submissions written at one instant: the page boundary falls inside a tie on created_at.
  const { rows } = await db().query<{ id: string }>(
    `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at)
     select $1::uuid, $2::uuid, 'quick', encode(sha256(convert_to($1::text || g::text, 'UTF8')), 'hex'), 'Topic ' || g,
            'Confusion number ' || g, 'very', now()
     from generate_series(1, 1005) as g
     returning id`,
    [course.id, sessionId],
  );
  expect(rows).toHaveLength(1005);

  await page.goto('/professor/dashboard');
  await expect(stat(page, 'Total Submissions')).toHaveText('1005');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  const text = await readFile((await download.path())!, 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const ids = parsed.data.map((row) => row.id!);
  expect(ids).toHaveLength(1005);
  expect(new Set(ids)).toEqual(new Set(rows.map((row) => row.id)));
  expect(parsed.data.every((row) => row.courseCode === code)).toBe(true);
});
