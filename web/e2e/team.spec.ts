// Teaching teams: the owner invites a TA from the course card, the TA signs in through the
// invitation e-mail (local inbox) in a browser of their own, sees the course read-only and can
// reply; once removed, the course is gone at their next load.
import { type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { courseCard, expectToast, signInByCookie, signedInWithCourse, submitFeedback } from './support/professor';
import { db, latestEmail, magicLink, uniqueCourseCode, uniqueEmail } from './support/stack';

function teamDialog(page: Page, code: string) {
  return page.getByRole('dialog', { name: `Team of ${code}` });
}

async function openTeam(page: Page, name: string, code: string) {
  await courseCard(page, name)
    .getByRole('button', { name: `Team of ${code}` })
    .click();
  const dialog = teamDialog(page, code);
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the owner invites a TA by e-mail; the TA signs in through it, reads and replies, and loses the course when removed', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Team Algorithms ${Date.now().toString(36)}`;
  const code = uniqueCourseCode('TM');
  const { professor, course, sessionId } = await signedInWithCourse(page.context(), baseURL!, name, code);
  // Three reports: the live view shows comments in whole groups of three.
  for (const topic of ['Recursion', 'Base cases', 'Call stacks']) await submitFeedback(course.id, sessionId, topic);

  await page.goto('/professor');
  const dialog = await openTeam(page, name, code);
  await expect(dialog.getByRole('listitem', { name: professor.email })).toContainText('Owner');
  await expect(dialog.getByText('No pending invitations.')).toBeVisible();

  const taEmail = uniqueEmail('ta');
  const asked = new Date(Date.now() - 1000);
  await dialog.getByLabel('E-mail address').fill(taEmail);
  await dialog.getByLabel('Role').selectOption({ label: 'TA' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(page, 'Success', `Invitation sent to ${taEmail}`);
  const pending = dialog.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem', { name: taEmail });
  await expect(pending).toContainText('TA');
  await expect(pending.getByRole('button', { name: 'Revoke' })).toBeVisible();

  // The TA, in a browser of their own, follows the link of the invitation e-mail.
  const mail = await latestEmail(taEmail, asked);
  expect(mail.Subject).toContain(code);
  const taContext = await browser.newContext({ baseURL });
  const taPage = await taContext.newPage();
  await taPage.goto(magicLink(mail));
  await expect(taPage).toHaveURL(/\/professor$/);
  const taCard = courseCard(taPage, name);
  await expect(taCard.getByTestId('course-role')).toHaveText('TA');
  await expect(taCard.getByText('You have read access as a TA: you can read the feedback, reply and mark it reviewed.')).toBeVisible();
  for (const button of [`Edit ${code}`, `Delete ${code}`, `Team of ${code}`, "Create Today's Link", 'Copy Link', 'QR Code']) {
    await expect(taCard.getByRole('button', { name: button })).toHaveCount(0);
  }
  await expect(taCard.getByTestId('class-link')).toHaveCount(0);
  await expect(taCard.getByLabel('Topic for today (optional)')).toHaveCount(0);

  // The feedback: Reply on the dashboard; on the live view Reply works, notes and alarm settings are not there.
  await taPage.goto('/professor/dashboard');
  await expect(taPage.getByRole('button', { name: 'Reply: Recursion' }).first()).toBeVisible();
  await taPage.goto(`/professor/live/${course.id}`);
  await expect(taPage.getByTestId('live-indicator')).toBeVisible();
  await expect(taPage.getByRole('button', { name: 'Alarm settings' })).toHaveCount(0);
  await expect(taPage.getByRole('form', { name: 'Post a note' })).toHaveCount(0);
  await taPage
    .getByRole('button', { name: /^Reply: Still unsure about/ })
    .first()
    .click();
  await taPage.getByLabel('Your reply').fill('We will go over it again on Monday.');
  await taPage.getByRole('button', { name: 'Send Reply' }).click();
  await expectToast(taPage, 'Success', 'Reply sent');

  // The owner sees the TA as a member now, and removes them (with a confirmation).
  await page.reload();
  const again = await openTeam(page, name, code);
  const member = again.getByRole('list', { name: 'Team members' }).getByRole('listitem', { name: taEmail });
  await expect(member).toContainText('TA');
  await expect(again.getByText('No pending invitations.')).toBeVisible();
  await member.getByRole('button', { name: 'Remove' }).click();
  await member.getByRole('button', { name: 'Yes, remove' }).click();
  await expectToast(page, 'Success', `${taEmail} was removed from the team`);
  await expect(member).toHaveCount(0);

  // The TA's next load no longer shows the course.
  await taPage.goto('/professor');
  await expect(taPage.getByRole('button', { name: 'Get Started' })).toBeVisible();
  await expect(courseCard(taPage, name)).toHaveCount(0);
  await taContext.close();
});

async function courseNameAndLmsSetting(courseId: string) {
  const { rows } = await db().query('select name, lms_roles_join_team as "lmsTeam" from public.courses where id = $1', [courseId]);
  return rows[0] as { name: string; lmsTeam: boolean };
}

test('only the owner switches "LMS teaching assistants join the team"; a co-instructor sees it locked and still saves the course', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Team LMS ${Date.now().toString(36)}`;
  const code = uniqueCourseCode('TL');
  const { course } = await signedInWithCourse(page.context(), baseURL!, name, code);
  const switchLabel = 'LMS teaching assistants join the team';

  // The owner turns it on in the course form.
  await page.goto('/professor');
  await courseCard(page, name)
    .getByRole('button', { name: `Edit ${code}` })
    .click();
  const ownerForm = page.getByRole('form', { name: 'Edit course' });
  await expect(ownerForm.getByRole('checkbox', { name: switchLabel })).toBeEnabled();
  await expect(ownerForm.getByText("Only the course's owner can change this setting.", { exact: false })).toHaveCount(0);
  await ownerForm.getByRole('checkbox', { name: switchLabel }).check();
  await ownerForm.getByRole('button', { name: 'Update Course' }).click();
  await expectToast(page, 'Success', 'Course updated successfully');
  await expect.poll(() => courseNameAndLmsSetting(course.id)).toEqual({ name, lmsTeam: true });

  // A co-instructor, in a browser of their own, edits the course: the switch shows as the owner left it, locked.
  const coContext = await browser.newContext({ baseURL });
  const coInstructor = await signInByCookie(coContext, baseURL!);
  await db().query("insert into public.course_members (course_id, user_id, role, email) values ($1, $2, 'co_instructor', $3)", [
    course.id,
    coInstructor.userId,
    coInstructor.email,
  ]);
  const coPage = await coContext.newPage();
  await coPage.goto('/professor');
  await courseCard(coPage, name)
    .getByRole('button', { name: `Edit ${code}` })
    .click();
  const coForm = coPage.getByRole('form', { name: 'Edit course' });
  const locked = coForm.getByRole('checkbox', { name: switchLabel });
  await expect(locked).toBeDisabled();
  await expect(locked).toBeChecked();
  await expect(coForm.getByText("Only the course's owner can change this setting.", { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(coPage);

  // Their save of another field keeps the switch on.
  await coForm.getByLabel('Course Name').fill(`${name} Renamed`);
  await coForm.getByRole('button', { name: 'Update Course' }).click();
  await expectToast(coPage, 'Success', 'Course updated successfully');
  await expect.poll(() => courseNameAndLmsSetting(course.id)).toEqual({ name: `${name} Renamed`, lmsTeam: true });
  await coContext.close();
});

// An invalid address refused in the form, and nobody invited: web/src/features/professor/TeamDialog.test.tsx.
// Inviting oneself (the server's words in the dialog's alert, no invitation listed): TeamDialog.test.tsx; its 400, no row: supabase/tests/team.test.ts.
