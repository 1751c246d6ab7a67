// Moderation of the public course page and small-class protection, end to end: the teaching team
// hides feedback on the dashboard and a student's browser stops seeing it; a session below the
// course's minimum of responses shows nothing publicly and only its counts in Session Insights;
// the course form's privacy settings change both, and its settings (the LMS teaching assistants
// switch among them) are kept across a reload.
import { type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { courseCard, expectToast, signedInWithCourse, submitFeedback } from './support/professor';
import { db, uniqueCourseCode } from './support/stack';

/** The public course page, in a browser context of its own (no professor session). */
async function publicCoursePage(browser: import('@playwright/test').Browser, baseURL: string, courseId: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return { context, page };
}

const timelineItems = (page: Page) => page.getByRole('region', { name: 'Submission timeline, newest first' }).getByTestId('timeline-item');

test('the owner hides a submission and it leaves the public page; "Show on public page" brings it back', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const { course, sessionId } = await signedInWithCourse(context, baseURL!, `Moderated ${tag}`, uniqueCourseCode('MH'));
  const topics = [`Loops ${tag}`, `Arrays ${tag}`, `Rude remark ${tag}`];
  for (const topic of topics) await submitFeedback(course.id, sessionId, topic);
  const hidden = topics[2]!;

  const student = await publicCoursePage(browser, baseURL!, course.id);
  await expect(timelineItems(student.page)).toHaveCount(3);
  await expect(student.page.getByText(hidden, { exact: true })).toBeVisible();

  await page.goto('/professor/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Submissions' });
  const item = recent.getByTestId('recent-submission').filter({ hasText: hidden });
  await expect(item.getByText('Hidden from public page', { exact: true })).toHaveCount(0);
  await item.getByRole('button', { name: 'Hide from public page' }).click();
  await expectToast(page, 'Success', 'Feedback hidden from the public page');
  await expect(item.getByText('Hidden from public page', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Show on public page' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The student's browser: the hidden one is gone, the others stay, the total still counts it.
  await student.page.reload();
  await expect(timelineItems(student.page)).toHaveCount(2);
  await expect(student.page.getByText(hidden)).toHaveCount(0);
  await expect(student.page.getByText(topics[0]!, { exact: true })).toBeVisible();
  await expect(student.page.getByText('3 submissions', { exact: true })).toBeVisible();

  // The mark survives a reload of the dashboard; showing it again brings it back.
  await page.reload();
  await expect(item.getByText('Hidden from public page', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Show on public page' }).click();
  await expectToast(page, 'Success', 'Feedback shown on the public page');
  await expect(item.getByText('Hidden from public page', { exact: true })).toHaveCount(0);
  await expect(item.getByRole('button', { name: 'Hide from public page' })).toBeVisible();

  await student.page.reload();
  await expect(timelineItems(student.page)).toHaveCount(3);
  await expect(student.page.getByText(hidden, { exact: true })).toBeVisible();
  await student.context.close();
});

test('a session with 2 responses shows nothing publicly and the protection line in Session Insights; the course form changes the rules', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `Small class ${tag}`;
  const code = uniqueCourseCode('MK');
  const { course, sessionId } = await signedInWithCourse(context, baseURL!, name, code);
  const topics = [`Pointers ${tag}`, `Recursion ${tag}`];
  for (const topic of topics) await submitFeedback(course.id, sessionId, topic);

  // Public page: the two responses count, but none of their texts is shown.
  const student = await publicCoursePage(browser, baseURL!, course.id);
  await expect(student.page.getByText('No Feedback Shown Yet', { exact: true })).toBeVisible();
  await expect(student.page.getByText('2 submissions', { exact: true })).toBeVisible();
  await expect(timelineItems(student.page)).toHaveCount(0);
  for (const topic of topics) await expect(student.page.getByText(topic)).toHaveCount(0);
  await expectNoSeriousA11yViolations(student.page);

  // Session Insights: the counts and the protection line, no breakdowns.
  await page.goto('/professor/dashboard');
  const insights = page.getByRole('region', { name: 'Session Insights' });
  const card = insights.getByRole('article').filter({ hasText: code });
  await expect(card.getByText('Shown from 3 responses, to protect anonymity', { exact: true })).toBeVisible();
  await expect(card).toContainText('2 submissions');
  await expect(card).not.toContainText('Slightly confused');
  await expectNoSeriousA11yViolations(page);

  // The course form: defaults, then a minimum of 5 (the line follows the course's number).
  await page.goto('/professor');
  await courseCard(page, name)
    .getByRole('button', { name: `Edit ${code}` })
    .click();
  const form = page.getByRole('form', { name: 'Edit course' });
  const minimum = form.getByLabel('Minimum responses before a session is shown');
  const review = form.getByLabel('Review before publishing');
  const retention = form.getByLabel('Delete feedback after');
  const lmsTeam = form.getByLabel('LMS teaching assistants join the team');
  await expect(minimum).toHaveValue('3');
  await expect(review).not.toBeChecked();
  await expect(lmsTeam).not.toBeChecked();
  await expect(retention).toHaveValue('180');
  await expect(retention.locator('option')).toHaveText(['30 days', '90 days', '180 days', '365 days', 'Never']);
  await expectNoSeriousA11yViolations(page);
  await minimum.fill('51');
  await form.getByRole('button', { name: 'Update Course' }).click();
  await expect(form.getByText('Enter a whole number from 1 to 50', { exact: true })).toBeVisible();
  await minimum.fill('5');
  await form.getByRole('button', { name: 'Update Course' }).click();
  await expectToast(page, 'Success', 'Course updated successfully');
  // Session Insights' line then saying 5: SessionInsights.test.tsx; session_insights' minResponses: supabase/tests/moderation.test.ts.

  // A minimum of 2, with review before publishing and feedback kept forever.
  await courseCard(page, name)
    .getByRole('button', { name: `Edit ${code}` })
    .click();
  await expect(minimum).toHaveValue('5');
  await minimum.fill('2');
  await review.check();
  await retention.selectOption({ label: 'Never' });
  await lmsTeam.check();
  await form.getByRole('button', { name: 'Update Course' }).click();
  await expectToast(page, 'Success', 'Course updated successfully');
  const { rows } = await db().query(
    'select review_before_publishing, min_public_responses, retention_days, lms_roles_join_team from public.courses where id = $1',
    [course.id],
  );
  expect(rows[0]).toEqual({ review_before_publishing: true, min_public_responses: 2, retention_days: null, lms_roles_join_team: true });

  // After a reload the form reads the settings back (my_courses), the LMS switch among them.
  await page.reload();
  await courseCard(page, name)
    .getByRole('button', { name: `Edit ${code}` })
    .click();
  await expect(minimum).toHaveValue('2');
  await expect(review).toBeChecked();
  await expect(retention).toHaveValue('never');
  await expect(lmsTeam).toBeChecked();
  await expect(form.getByText('When a TA opens ClassPulse from Canvas or Moodle', { exact: false })).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Enough responses now, but nothing reviewed yet: still nothing public.
  await student.page.reload();
  await expect(student.page.getByText('No Feedback Shown Yet', { exact: true })).toBeVisible();

  // Session Insights shows the breakdown; reviewing one response publishes it alone.
  await page.goto('/professor/dashboard');
  await expect(card.getByText(/to protect anonymity/)).toHaveCount(0);
  await expect(card).toContainText('Slightly confused: 2');
  const recent = page.getByRole('region', { name: 'Recent Submissions' });
  await recent.getByRole('button', { name: `Mark reviewed: ${topics[0]}` }).click();
  await expect(recent.getByText('Reviewed', { exact: true })).toBeVisible();

  await student.page.reload();
  await expect(timelineItems(student.page)).toHaveCount(1);
  await expect(student.page.getByText(topics[0]!, { exact: true })).toBeVisible();
  await expect(student.page.getByText(topics[1]!)).toHaveCount(0);
  await student.context.close();
});
