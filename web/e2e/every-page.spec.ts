// Every page at both widths (1280 px and 375 px) with axe: the one place where each screen's layout
// is checked at the phone width and the desktop width alike, so that the flow specs can each run at
// the one width their subject needs (docs/testing.md, "Widths"). Fixtures come through the API.
import { type Locator, type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signedInWithCourse, submitFeedback } from './support/professor';
import { db, uniqueCourseCode } from './support/stack';
import { TIME_ZONE, professorCourse } from './support/student';

test.use({ timezoneId: TIME_ZONE });

/**
 * Opens `path`, waits for the page's own first heading and for its data (no region still marked
 * as loading, and `ready` when given), then checks it with axe and that nothing overflows sideways.
 */
async function checkPage(page: Page, path: string, heading: string | RegExp, ready?: (page: Page) => Locator) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toHaveText(heading);
  await expect(page.locator('[aria-busy="true"], [role="status"][aria-label^="Loading"]'), `${path} is still loading`).toHaveCount(0);
  if (ready) await expect(ready(page), `${path} shows its data`).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} is wider than the screen`).toBeLessThanOrEqual(width);
}

test('every student and public page passes axe and fits the screen', { tag: '@both' }, async ({ page }) => {
  test.setTimeout(120_000);
  const { course, session } = await professorCourse({ withSession: true, topic: 'Recursion' });
  const { editToken } = await submitFeedback(course.id, session!.sessionId, 'Recursion');
  const query = `courseId=${course.id}&sessionId=${session!.sessionId}`;

  const pages: [string, string | RegExp][] = [
    ['/', 'Privacy-first feedback for better teaching and learning'],
    ['/course-search', 'Find Your Course'],
    [`/courses/${course.id}`, course.code],
    [`/class-session?${query}`, 'Session Feedback'],
    [`/submit?courseId=${course.id}`, 'Share What Confused You'],
    [`/track/${editToken}`, 'Your Anonymous Feedback'],
    ['/my-feedback', 'My feedback'],
    [`/submit/sent?courseId=${course.id}#token=${editToken}`, 'Submission Sent!'],
    [`/class-session/sent?${query}#token=${editToken}`, 'Submitted!'],
    [`/class-session/not-sent?${query}#error=${encodeURIComponent('This class session has ended.')}`, 'Your feedback was not sent'],
    ['/user-stories', 'User Stories'],
    ['/privacy', 'Privacy Policy'],
    ['/accessibility', 'Accessibility'],
    ['/api/login', 'Professor Sign In'],
    ['/no-such-page', '404 Page Not Found'],
  ];
  for (const [path, heading] of pages) await checkPage(page, path, heading);
});

test('every professor page passes axe and fits the screen', { tag: '@both' }, async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const code = uniqueCourseCode('W');
  const { professor, course, sessionId } = await signedInWithCourse(context, baseURL!, `Widths ${code}`, code);
  await submitFeedback(course.id, sessionId, 'Integrals');
  await db().query('insert into public.app_owners (user_id) values ($1)', [professor.userId]);

  const pages: [string, string | RegExp, ((page: Page) => Locator)?][] = [
    ['/professor', 'Course Management'],
    [`/professor/dashboard?courseId=${course.id}`, 'Feedback Dashboard', (page) => page.getByTestId('stat-Total Submissions')],
    [`/professor/live/${course.id}`, 'Live View', (page) => page.getByTestId('live-responses')],
    [`/professor/present/${course.id}`, "Scan for today's class feedback"],
    ['/admin', 'Admin Panel'],
  ];
  for (const [path, heading, ready] of pages) await checkPage(page, path, heading, ready);
});
