// Postgres stops while a student submits: the page keeps what they wrote and says the feedback
// failed; once Postgres is back the same content goes through. Runs alone, after every other
// browser test (the "resilience" project), because it takes the shared test database down.
import { type Page, expect, test } from '@playwright/test';
import { startUsingForm } from './support/forms';
import { db } from './support/stack';
import { TIME_ZONE, expectToast, professorCourse } from './support/student';

test.use({ timezoneId: TIME_ZONE });

async function postgres(action: 'stop' | 'start') {
  const control = process.env.CLASSPULSE_STACK_CONTROL;
  if (!control) throw new Error('CLASSPULSE_STACK_CONTROL is not set: run with `npm test -- e2e`');
  const res = await fetch(`${control}/postgres/${action}`, { method: 'POST' });
  expect(res.status, `POST /postgres/${action}: ${await res.text()}`).toBe(204);
}

const field = (page: Page, label: string) => page.getByRole('form', { name: 'Session feedback' }).getByLabel(label);

test('a database outage mid-submission keeps the feedback on the device and sends it once the database is back', async ({ page }) => {
  test.setTimeout(150_000);
  const { course, session } = await professorCourse({ withSession: true });
  await page.goto(`/class-session?courseId=${course.id}&sessionId=${session!.sessionId}`);
  // Tapped into first, as the page's script may not have run yet (docs/testing.md, "Proving a spec stable").
  await startUsingForm(page.getByRole('form', { name: 'Session feedback' }));
  await field(page, "What's on your mind after this session?").fill('The outage example');
  await field(page, 'What parts were unclear?').fill('Why the database went away');
  await field(page, 'What went well?').fill('Everything before that');
  await field(page, 'How was the pace?').selectOption('just_right');
  await field(page, 'How challenging was it?').selectOption('slightly_hard');

  await postgres('stop');
  try {
    await page.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
    // The function's 503 is a failure of the way there: the feedback waits on the device.
    await expect(
      page.getByRole('status').filter({ hasText: 'Saved on this phone. It will be sent when you are back online.' }),
    ).toBeVisible();
    await expect(field(page, 'What parts were unclear?')).toHaveValue('Why the database went away');
    await expect(field(page, 'How was the pace?')).toHaveValue('just_right');
  } finally {
    await postgres('start');
  }

  // Sent again by itself once the database is back (backoff: 2 s, 4 s, … at most 60 s).
  await expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Your feedback has been submitted!' })).toBeVisible(
    { timeout: 70_000 },
  );
  await expectToast(page, 'Submitted!', 'Your feedback has been submitted! You can edit it anytime while you stay on this page.');
  const { rows } = await db().query('select unclear_parts from public.submissions where class_session_id = $1', [session!.sessionId]);
  expect(rows).toEqual([{ unclear_parts: 'Why the database went away' }]);
});
