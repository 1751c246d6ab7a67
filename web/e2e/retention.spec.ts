// "Delete all feedback of this course" behind its typed confirmation, and deleting one's own
// professor account behind a confirmation that names the courses going with it.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import {
  courseCard,
  createCourse,
  expectSignedOutAtHome,
  expectToast,
  signInWithCode,
  signedInWithCourse,
  submitFeedback,
} from './support/professor';
import { db, signInWithEmailCode, uniqueCourseCode } from './support/stack';
import { TIME_ZONE } from './support/timeZone';

test('the owner deletes all feedback of a course after typing its code; the counts go to zero', async ({ page, context, baseURL }) => {
  const code = uniqueCourseCode('RET');
  const name = `Retention ${code}`;
  test.setTimeout(90_000);
  const { course, sessionId } = await signedInWithCourse(context, baseURL!, name, code);
  await submitFeedback(course.id, sessionId, 'Recursion');
  await submitFeedback(course.id, sessionId, 'Big O');
  // The public course page counting them ("2 submissions"): CourseView.test.tsx, and in the browser moderation.spec.ts.

  await page.goto('/professor');
  const card = courseCard(page, name);
  await card.getByRole('button', { name: `Delete all feedback of ${code}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete all feedback of ${code}?` });
  await expect(dialog.getByText(/This permanently deletes 2 submissions of/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The button stays disabled until the code is typed (in any case; spaces as the code has them).
  const confirm = dialog.getByRole('button', { name: 'Delete all feedback' });
  await expect(confirm).toBeDisabled();
  const field = dialog.getByLabel(`Type ${code} to confirm`);
  await field.fill(code.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await field.fill(code.toLowerCase());
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expectToast(page, 'Feedback deleted', `Deleted 2 submissions from ${code}`);
  await expect(dialog).toBeHidden();

  // Opened again: nothing left to delete, and the field starts empty.
  await card.getByRole('button', { name: `Delete all feedback of ${code}` }).click();
  await expect(dialog.getByText(/This permanently deletes 0 submissions of/)).toBeVisible();
  await expect(dialog.getByLabel(`Type ${code} to confirm`)).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The course and today's link stay; the public page counts none.
  await expect(card.getByTestId('class-link')).toBeVisible();
  await page.goto(`/courses/${course.id}`);
  await expect(page.getByText('Be the first to submit anonymous feedback for this course.', { exact: true })).toBeVisible();
  const { rows } = await db().query('select count(*)::int as n from public.submissions where course_id = $1', [course.id]);
  expect(rows[0].n).toBe(0);
});

test('a professor deletes their account: the dialog names their course, they land signed out on / and the course is gone', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(90_000);
  const email = await signInWithCode(page);
  await page.getByRole('button', { name: 'Get Started' }).click();
  const code = uniqueCourseCode('GONE');
  const name = `Leaving ${code}`;
  await createCourse(page, name, code);

  // They are also a TA on a colleague's course, which stays.
  const colleague = await signInWithEmailCode();
  const otherCode = uniqueCourseCode('STAY');
  const { data: other, error } = await colleague.client
    .from('courses')
    .insert({ name: `Staying ${otherCode}`, code: otherCode, timezone: TIME_ZONE })
    .select('id')
    .single<{ id: string }>();
  if (error || !other) throw error ?? new Error('course not created');
  await db().query(
    `insert into public.course_members (course_id, user_id, role, email)
     select $1, u.id, 'ta', lower(u.email) from auth.users u where lower(u.email) = lower($2)`,
    [other.id, email],
  );

  await page.reload();
  await expect(courseCard(page, `Staying ${otherCode}`)).toBeVisible();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('list', { name: 'Courses deleted with your account' }).getByRole('listitem')).toHaveText([
    `${code} — ${name}`,
  ]);
  await expect(dialog.getByRole('list', { name: 'Teaching teams you leave' }).getByRole('listitem')).toHaveText([
    `${otherCode} — Staying ${otherCode}`,
  ]);
  await expect(dialog.getByText('Your team memberships end: you leave the teaching teams of')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expectToast(page, 'Account deleted', 'Your account and the courses you owned were deleted');

  // Signed out: the header offers the sign-in again, and the professor pages send there.
  await expectSignedOutAtHome(page, isMobile);
  await page.goto('/professor');
  await expect(page).toHaveURL(/\/api\/login$/);

  // The course is gone (so search_courses finds nothing; its "Course not found" toast: CourseSearch.island.test.tsx); the
  // colleague's course is still there.
  const { rows } = await db().query(
    `select (select count(*)::int from auth.users where lower(email) = lower($1)) as users,
            (select count(*)::int from public.courses where code = $2) as gone,
            (select count(*)::int from public.courses where id = $3) as kept`,
    [email, code, other.id],
  );
  expect(rows[0]).toEqual({ users: 0, gone: 0, kept: 1 });
});
