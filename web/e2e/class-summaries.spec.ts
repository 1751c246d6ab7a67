// After-class summaries (issue 44): a professor ticks "E-mail me a summary after each class" on a
// course card, and the subscription is in the database; unticking removes it. (The e-mails
// themselves: supabase/tests/class-summaries.test.ts.)
import { expect, test } from '@playwright/test';
import { courseCard, expectToast, signedInWithCourse } from './support/professor';
import { db, uniqueCourseCode } from './support/stack';

async function subscribed(courseId: string, userId: string): Promise<boolean> {
  const { rows } = await db().query('select 1 from public.class_summary_subscriptions where course_id = $1 and user_id = $2', [
    courseId,
    userId,
  ]);
  return rows.length === 1;
}

test('a professor turns the after-class summary e-mail on from the course card, then off', async ({ page, baseURL }) => {
  const name = `Summaries ${Date.now().toString(36)}`;
  const code = uniqueCourseCode('CS');
  const { professor, course } = await signedInWithCourse(page.context(), baseURL!, name, code);

  await page.goto('/professor');
  const card = courseCard(page, name);
  const box = card.getByRole('checkbox', { name: `E-mail me a summary after each class of ${code}` });
  // What a pointer clicks: the words beside the box (the input itself is visually hidden).
  const words = card.getByText('E-mail me a summary after each class', { exact: true });
  await expect(box).toBeEnabled();
  await expect(box).not.toBeChecked();

  await words.click();
  await expectToast(page, 'Success', `You will get an e-mail summary after each class of ${code}.`);
  await expect(box).toBeChecked();
  await expect.poll(() => subscribed(course.id, professor.userId)).toBe(true);

  // Still on after a reload: the box reads the database.
  await page.reload();
  await expect(box).toBeChecked();

  await words.click();
  await expectToast(page, 'Success', `You will no longer get an e-mail summary after the classes of ${code}.`);
  await expect(box).not.toBeChecked();
  await expect.poll(() => subscribed(course.id, professor.userId)).toBe(false);
});
