// "Did it work?" (docs/decisions/follow-up-checks.md): in the live view a professor's note names
// the confusion group it answers; the system proposes the most shared group no note answered as
// the control. The course's next class session rates both on the same question, and the note then
// shows each topic's figures and the verdict, in the live view and on the course page.
import { randomInt, randomUUID } from 'node:crypto';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { anonClient, db, nginxUrl, putSessionInBrowser } from './support/stack';
import { TIME_ZONE, expectToast, professorCourse } from './support/student';
import { fillSessionFeedback } from './support/forms';

test.use({ timezoneId: TIME_ZONE });
test.describe.configure({ timeout: 90_000 });

const NOTE = 'Next class I will redo the recursion example';
const BASE_CASE = 'I do not get the base case of the recursion';
const CALL_STACK = 'The call stack frames confused me';
const question = (topic: string) => `How clear is ${topic} to you now? (optional)`;

/** Texts students sent in a session (fixtures through SQL), oldest first. */
async function sendTexts(courseId: string, sessionId: string, texts: string[]) {
  for (const [i, confusion] of texts.entries()) {
    await db().query(
      `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at)
       values ($1, $2, 'quick', encode(sha256(random()::text::bytea), 'hex'), 'Recursion', $3, 'very', now() - make_interval(secs => $4))`,
      [courseId, sessionId, confusion, 100 - i],
    );
  }
}

/** The session becomes two days ago, and today's is the next one (the one that rates the note). */
async function nextClassDay(course: Awaited<ReturnType<typeof professorCourse>>, minResponses: number) {
  await db().query(
    `update public.class_sessions set session_date = session_date - 2, expires_at = expires_at - interval '2 days' where id = $1`,
    [course.session!.sessionId],
  );
  await db().query('update public.courses set min_public_responses = $2 where id = $1', [course.course.id, minResponses]);
  const { data, error } = await course.professor.client.rpc('create_today_session', { course_id: course.course.id, topic: null });
  expect(error).toBeNull();
  return (data as { sessionId: string }).sessionId;
}

/** A course whose note (typed topics, through the API) was on the session before today's: today's students rate it. */
async function courseRatingNextDay(controlTopic = 'the call stack') {
  const c = await professorCourse({ withSession: true });
  const note = await c.professor.client
    .from('session_notes')
    .insert({ session_id: c.session!.sessionId, body: NOTE, addressed_topic: 'the base case', control_topic: controlTopic })
    .select('id')
    .single();
  expect(note.error).toBeNull();
  return { c, noteId: note.data!.id as string, todayId: await nextClassDay(c, 3) };
}

/** Another student's feedback with its ratings, through the function. */
async function rateByApi(courseId: string, sessionId: string, ratings: { followUpAddressed?: number; followUpControl?: number }) {
  const { data: check } = await anonClient().rpc('follow_up_check', { course_id: courseId, session: sessionId });
  const { error } = await anonClient().functions.invoke('submissions', {
    method: 'POST',
    body: {
      courseId,
      sessionId,
      topic: 'Recursion',
      confusion: 'Still thinking about the recursion example.',
      difficultyLevel: 'slightly',
      followUpNoteId: (check as { noteId: string }).noteId,
      ...ratings,
    },
    headers: {
      'x-device-id': `device-${randomUUID()}`,
      'x-forwarded-for': `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`,
    },
  });
  expect(error).toBeNull();
}

/** Rates each topic with the keyboard alone: into a question's radios, the arrows to the rating, Tab to the next question. */
async function rateWithKeys(page: Page, check: Locator, ratings: Record<string, number>) {
  const legends = await check.locator('legend').allTextContents();
  const topics = legends.map((legend) => Object.keys(ratings).find((topic) => legend.startsWith(`How clear is ${topic} `))!);
  await check
    .getByRole('group', { name: question(topics[0]!) })
    .getByRole('radio', { name: '1 Still unclear' })
    .focus();
  for (const [i, topic] of topics.entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    // Space checks the focused radio (1); each arrow moves the check one up. Tab enters the next question on its first radio.
    await page.keyboard.press('Space');
    for (let n = 1; n < ratings[topic]!; n++) await page.keyboard.press('ArrowRight');
    await expect(check.getByRole('group', { name: question(topic) }).getByRole('radio', { checked: true })).toHaveAccessibleName(
      ratings[topic] === 7 ? '7 Clear now' : String(ratings[topic]),
    );
  }
}

test('a note answers one confusion group, the next session rates it against the proposed control, and the note says it is clearer', async ({
  browser,
  page,
  baseURL,
}) => {
  const c = await professorCourse({ withSession: true });
  const noteSession = c.session!.sessionId;
  // Six texts (two whole batches the live view reveals): three on the base case, three on the call stack.
  await sendTexts(c.course.id, noteSession, [BASE_CASE, CALL_STACK, BASE_CASE, CALL_STACK, BASE_CASE, CALL_STACK]);
  const context = await browser.newContext({ timezoneId: TIME_ZONE });
  await putSessionInBrowser(context, baseURL!, c.professor.client);
  const live = await context.newPage();
  await live.goto(`/professor/live/${c.course.id}`);
  await expect(live.getByTestId('live-indicator')).toHaveText('Live');

  // The professor names the group the note answers; the other group is proposed as the control.
  const notes = live.getByRole('form', { name: 'Post a note' });
  await notes.getByLabel('Note for students').fill(NOTE);
  const answers = notes.getByRole('combobox', { name: 'Confusion this note answers' });
  // Two groups of three, in either order (the live view shuffles within a batch).
  await expect(answers.locator('option')).toHaveCount(4);
  await expect(answers.locator('option').first()).toHaveText('None: this note asks nothing');
  await expect(answers.locator('option').last()).toHaveText('Another topic');
  await answers.selectOption({ label: `${BASE_CASE} (3 students)` });
  await notes.getByRole('textbox', { name: 'Topic in a few words' }).fill('the base case');
  await expect(notes.getByRole('combobox', { name: 'Compared with' })).toHaveValue(/.+/);
  await expect(notes.getByRole('combobox', { name: 'Compared with' }).locator('option:checked')).toHaveText(`${CALL_STACK} (3 students)`);
  await notes.getByRole('textbox', { name: 'Control in a few words' }).fill('the call stack');
  await notes.getByRole('button', { name: 'Post Note' }).click();
  await expectToast(live, 'Success', 'Note posted');
  await expect(live.getByTestId('posted-note')).toContainText('The next session rates “the base case” against “the call stack”.');

  const todayId = await nextClassDay(c, 3);

  // A student of today's session sees the note and both questions, and rates with the keyboard.
  await page.goto(`/class-session?courseId=${c.course.id}&sessionId=${todayId}`);
  const form = page.getByRole('form', { name: 'Session feedback' });
  const check = form.getByTestId('follow-up-check');
  await expect(check).toContainText(NOTE);
  await expect(check.getByRole('group')).toHaveCount(2);
  await rateWithKeys(page, check, { 'the base case': 6, 'the call stack': 3 });
  await fillSessionFeedback(form, {
    mind: 'Recursion clicked today',
    unclear: 'Why the base case comes first',
    wentWell: 'The call-stack drawings',
    pace: 'just_right',
    challenge: 'challenging_manageable',
  });
  const created = page.waitForResponse((response) => response.url().endsWith('/functions/v1/submissions') && response.status() === 201);
  await form.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await created;
  await expectNoSeriousA11yViolations(page);

  // Below the minimum (3): no figures yet. Two more students rate 6 and 3.
  await page.goto(`/courses/${c.course.id}`);
  await expect(page.getByRole('region', { name: 'From your professor' })).toContainText(NOTE);
  await expect(page.getByTestId('note-figures')).toHaveCount(0);
  await rateByApi(c.course.id, todayId, { followUpAddressed: 6, followUpControl: 3 });
  await rateByApi(c.course.id, todayId, { followUpAddressed: 6, followUpControl: 3 });

  const verdict = 'Clearer than the call stack by 3.0 (3.0 to 3.0)';
  await page.goto(`/courses/${c.course.id}`);
  await expect(page.getByTestId('note-figures')).toContainText('the base case: 6.0 (6.0 to 6.0), n = 3 · 50 % of the session’s confusions');
  await expect(page.getByTestId('note-figures')).toContainText(verdict);
  await live.reload();
  await expect(live.getByRole('region', { name: "Today's students are asked" }).getByTestId('note-figures')).toContainText(verdict);
  await context.close();
});

test('Submit Feedback (Variant A) asks both topics too; rated alike, the note says there is no clear difference', async ({ page }) => {
  const { c, noteId, todayId } = await courseRatingNextDay();

  await page.goto(`/submit?courseId=${c.course.id}`);
  const form = page.getByRole('form', { name: 'Feedback' });
  const check = form.getByTestId('follow-up-check');
  await expect(check).toContainText(NOTE);
  await check
    .getByRole('group', { name: question('the base case') })
    .getByRole('radio', { name: '5', exact: true })
    .check();
  await check
    .getByRole('group', { name: question('the call stack') })
    .getByRole('radio', { name: '5', exact: true })
    .check();
  await form.getByLabel('Topic').fill('Recursion');
  await form.getByLabel('What confused you?').fill('The call stack when it unwinds.');
  await form.getByRole('radio', { name: 'Slightly confused' }).check();
  const created = page.waitForResponse((response) => response.url().endsWith('/functions/v1/submissions') && response.status() === 201);
  await page.getByRole('button', { name: 'Submit Feedback', exact: true }).click();
  await created;
  await expect
    .poll(async () => (await db().query('select side, rating from public.topic_ratings where note_id = $1 order by side', [noteId])).rows)
    .toEqual([
      { side: 'addressed', rating: 5 },
      { side: 'control', rating: 5 },
    ]);

  // Two more students: differences 0, −1 and 1, mean 0, sd 1; t(2) = 4.303, half width 4.303 / √3 = 2.48.
  await rateByApi(c.course.id, todayId, { followUpAddressed: 4, followUpControl: 5 });
  await rateByApi(c.course.id, todayId, { followUpAddressed: 6, followUpControl: 5 });
  await page.goto(`/courses/${c.course.id}`);
  await expect(page.getByTestId('note-figures')).toContainText('No clear difference from the call stack: 0.0 (−2.5 to 2.5)');
});

test('a form posted before its script ran asked nothing: its sent page asks both topics and adds the ratings', async ({
  browser,
  page,
}) => {
  const { c, noteId } = await courseRatingNextDay();

  // The browser posts the form itself (no script: no questions on the form).
  const noScript = await browser.newContext({ javaScriptEnabled: false, timezoneId: TIME_ZONE });
  const plain = await noScript.newPage();
  await plain.goto(`/submit?courseId=${c.course.id}`);
  const form = plain.getByRole('form', { name: 'Feedback' });
  await expect(form.getByTestId('follow-up-check')).toHaveCount(0);
  await form.getByLabel('Topic').fill('Recursion');
  await form.getByLabel('What confused you?').fill('Posted before the page was ready');
  await form.getByRole('radio', { name: 'Very confused' }).check();
  await form.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(plain).toHaveURL(/\/submit\/sent\?.*#token=/);
  const sentAt = plain.url();
  await noScript.close();

  // The sent page, once its script runs, asks the questions and adds the ratings.
  await page.goto(sentAt);
  const more = page.getByRole('form', { name: 'One more question' });
  await more
    .getByRole('group', { name: question('the base case') })
    .getByRole('radio', { name: '7 Clear now' })
    .check();
  await more
    .getByRole('group', { name: question('the call stack') })
    .getByRole('radio', { name: '4', exact: true })
    .check();
  await more.getByRole('button', { name: 'Send My Ratings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your ratings were sent. Thank you!' })).toBeVisible();
  const { rows } = await db().query('select side, rating from public.topic_ratings where note_id = $1 order by side', [noteId]);
  expect(rows).toEqual([
    { side: 'addressed', rating: 7 },
    { side: 'control', rating: 4 },
  ]);
  await expectNoSeriousA11yViolations(page);
});

test('without JavaScript, on nginx, the form asks both topics as the host writes them in, and posts the ratings with the feedback', async ({
  browser,
}) => {
  const nginx = nginxUrl();
  // A topic as a team may type it: markup, quotes, a $ and a | stay text.
  const control = `the "call" <b>stack</b> | $1 & co's`;
  const { c, noteId } = await courseRatingNextDay(control);
  const today = await c.professor.client.rpc('create_today_session', { course_id: c.course.id, topic: null });
  expect(today.error).toBeNull();

  const noScript = await browser.newContext({ javaScriptEnabled: false, timezoneId: TIME_ZONE, baseURL: nginx });
  const plain = await noScript.newPage();
  // The class link a QR code opens asks them too.
  await plain.goto(`/class/${(today.data as { accessToken: string }).accessToken}`);
  await expect(plain.getByRole('group', { name: question('the base case') })).toBeVisible();
  await expect(plain.getByRole('group', { name: question(control) })).toBeVisible();

  await plain.goto(`/submit?courseId=${c.course.id}`);
  const form = plain.getByRole('form', { name: 'Feedback' });
  await expect(form.getByTestId('follow-up-check')).toContainText(NOTE);
  await form
    .getByRole('group', { name: question('the base case') })
    .getByRole('radio', { name: '6', exact: true })
    .check();
  await form
    .getByRole('group', { name: question(control) })
    .getByRole('radio', { name: '1 Still unclear' })
    .check();
  await form.getByLabel('Topic').fill('Recursion');
  await form.getByLabel('What confused you?').fill('Posted from a browser without JavaScript');
  await form.getByRole('radio', { name: 'Very confused' }).check();
  await form.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(plain).toHaveURL(/\/submit\/sent\?.*#token=/);
  await noScript.close();

  const { rows } = await db().query('select side, rating from public.topic_ratings where note_id = $1 order by side', [noteId]);
  expect(rows).toEqual([
    { side: 'addressed', rating: 6 },
    { side: 'control', rating: 1 },
  ]);
});
