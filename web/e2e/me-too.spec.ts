// "Me too" (docs/decisions/me-too.md): with the course setting on, students of today's session see
// what others found unclear once the session has its minimum of responses, and say "Me too"; the
// professor's live view ranks the texts by how many students share them, similar ones grouped.
import { randomInt, randomUUID } from 'node:crypto';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { anonClient, db, putSessionInBrowser } from './support/stack';
import { TIME_ZONE, professorCourse } from './support/student';

test.use({ timezoneId: TIME_ZONE });
// Three browsers and a few submissions: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

type Course = Awaited<ReturnType<typeof professorCourse>>;

/** One student's Variant A report through the real gateway and function, from a device and address of its own. */
async function report(c: Course, confusion: string): Promise<string> {
  const ip = `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`;
  const { data, error } = await anonClient().functions.invoke('submissions', {
    method: 'POST',
    body: { courseId: c.course.id, sessionId: c.session!.sessionId, topic: 'Recursion', confusion, difficultyLevel: 'very' },
    headers: { 'x-device-id': `device-${randomUUID()}`, 'x-forwarded-for': ip },
  });
  if (error) throw new Error(`submission refused: ${await (error.context as Response).text().catch(() => error.message)}`);
  return (data as { id: string }).id;
}

async function studentPage(browser: Browser, c: Course): Promise<Page> {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/class-session?courseId=${c.course.id}&sessionId=${c.session!.sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Session Feedback' })).toBeVisible();
  return page;
}

const peerText = (page: Page, text: string) => page.getByTestId('peer-text').filter({ hasText: text });
const group = (page: Page, text: string) => page.getByTestId('confusion-group').filter({ hasText: text });

/** Clicks "Me too" on a text and waits for the server's answer. */
async function tapMeToo(page: Page, text: string) {
  const answered = page.waitForResponse((r) => r.url().endsWith('/functions/v1/submissions/me-too') && r.request().method() === 'POST');
  await peerText(page, text).getByRole('button', { name: 'Me too' }).click();
  expect((await answered).status()).toBe(200);
}

test('students see texts from the minimum on and say "Me too"; the live view ranks and groups them', async ({ browser, baseURL }) => {
  const c = await professorCourse({ withSession: true, topic: 'Recursion' });
  const enabled = await c.professor.client.from('courses').update({ peer_confusion: true }, { count: 'exact' }).eq('id', c.course.id);
  expect(enabled.count).toBe(1);

  const recursionA = 'Why does recursion need a base case?';
  const recursionB = 'The base case of recursion is unclear';
  const stack = 'What is a stack frame, really?';
  const recursionIds = [await report(c, recursionA), await report(c, recursionB)];

  // Two responses, the course's minimum is three: nothing is shown to students yet.
  const alice = await studentPage(browser, c);
  await expect(alice.getByRole('heading', { name: 'What others found unclear' })).toBeVisible();
  await expect(
    alice.getByText('Nothing to show yet: what others found unclear appears here once enough classmates have answered.'),
  ).toBeVisible();
  await expect(alice.getByTestId('peer-text')).toHaveCount(0);

  // The third response completes the minimum and the first batch of three.
  const stackId = await report(c, stack);
  await alice.reload();
  await expect(alice.getByTestId('peer-text')).toHaveCount(3);
  await expect(peerText(alice, stack).getByTestId('me-too-count')).toHaveText('0 classmates said "me too"');
  await expectNoSeriousA11yViolations(alice);

  // The professor's live view: the two recursion texts are one group of two students.
  const professorContext = await browser.newContext({ timezoneId: TIME_ZONE, viewport: { width: 1280, height: 800 } });
  await putSessionInBrowser(professorContext, baseURL!, c.professor.client);
  const professor = await professorContext.newPage();
  await professor.goto(`/professor/live/${c.course.id}`);
  await expect(professor.getByRole('heading', { name: 'Shared confusion' })).toBeVisible();
  await expect(professor.getByTestId('confusion-group')).toHaveCount(2);
  await expect(group(professor, 'recursion').getByTestId('group-students')).toHaveText('2 students');
  await expect(group(professor, 'recursion').getByTestId('group-texts')).toHaveText('2 similar texts');
  await expect(group(professor, stack).getByTestId('group-students')).toHaveText('1 student');

  // "Me too" reaches the live view within 2 s; a second tap takes it back.
  await tapMeToo(alice, stack);
  await expect(peerText(alice, stack).getByRole('button', { name: 'Me too' })).toHaveAttribute('aria-pressed', 'true');
  await expect(peerText(alice, stack).getByTestId('me-too-count')).toHaveText('1 classmate said "me too"');
  await expect(group(professor, stack).getByTestId('group-students')).toHaveText('2 students', { timeout: 2_000 });
  await tapMeToo(alice, stack);
  await expect(peerText(alice, stack).getByRole('button', { name: 'Me too' })).toHaveAttribute('aria-pressed', 'false');
  await expect(peerText(alice, stack).getByTestId('me-too-count')).toHaveText('0 classmates said "me too"');
  await expect(group(professor, stack).getByTestId('group-students')).toHaveText('1 student', { timeout: 2_000 });

  // Another student agrees with one of the recursion texts: the group totals three students.
  const bob = await studentPage(browser, c);
  await tapMeToo(bob, recursionB);
  await expect(group(professor, 'recursion').getByTestId('group-students')).toHaveText('3 students', { timeout: 2_000 });
  await expect(group(professor, 'recursion').getByTestId('group-texts')).toHaveText('2 similar texts');
  await group(professor, 'recursion').getByText('Show the other texts').click();
  const other = group(professor, 'recursion').getByRole('listitem');
  await expect(other).toContainText(`${recursionA} (1 student)`);
  await expect(other.getByRole('button', { name: `Not this group: ${recursionA}` })).toBeVisible();

  // One reply, written once, reaches every text of the group (each student holding its private link).
  await group(professor, 'recursion').getByRole('button', { name: 'Reply to the group (2 texts)' }).click();
  await group(professor, 'recursion').getByLabel('Your reply to the group').fill('We will trace a base case together on Friday.');
  await group(professor, 'recursion').getByRole('button', { name: 'Send Reply' }).click();
  await expect(professor.getByText('Reply sent to 2 texts')).toBeVisible();
  const { rows } = await db().query<{ body: string }>('select body from public.submission_replies where submission_id = any($1::uuid[])', [
    recursionIds,
  ]);
  expect(rows.map((r) => r.body)).toEqual([
    'We will trace a base case together on Friday.',
    'We will trace a base case together on Friday.',
  ]);

  // A hidden text disappears for students.
  const hidden = await c.professor.client.rpc('set_submission_hidden', { ids: [stackId], hidden: true });
  expect(hidden.data).toBe(1);
  await bob.reload();
  await expect(bob.getByTestId('peer-text')).toHaveCount(2);
  await expect(peerText(bob, stack)).toHaveCount(0);
});
