// The live class: a professor's live view updates without a reload, free text comes in shuffled
// groups of three, the confusion alarm comes and goes, replies reach only the student who holds
// the edit token, and "you said, we did" notes reach the public course page.
import { randomInt, randomUUID } from 'node:crypto';
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { anonClient, nginxUrl, putSessionInBrowser } from './support/stack';
import { TIME_ZONE, expectToast, professorCourse } from './support/student';
import { fillSessionFeedback, startUsingForm } from './support/forms';

test.use({ timezoneId: TIME_ZONE });
// Two or three browsers and a dozen submissions per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

type Course = Awaited<ReturnType<typeof professorCourse>>;

/** One student's submission through the real gateway and function, from a device and address of its own. */
async function submit(body: Record<string, unknown>): Promise<{ id: string; editToken: string }> {
  const ip = `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`;
  const { data, error } = await anonClient().functions.invoke('submissions', {
    method: 'POST',
    body,
    headers: { 'x-device-id': `device-${randomUUID()}`, 'x-forwarded-for': ip },
  });
  if (error) throw new Error(`submission refused: ${await (error.context as Response).text().catch(() => error.message)}`);
  return data as { id: string; editToken: string };
}

const sessionFeedback = (c: Course, unclearParts: string, clarityRating: number) => ({
  courseId: c.course.id,
  sessionId: c.session!.sessionId,
  mindAfterSession: 'The homework due Friday.',
  unclearParts,
  wentWell: 'The live coding demo.',
  pace: 'just_right',
  challengeLevel: 'challenging_manageable',
  clarityRating,
  confidenceLevel: 50,
});

const lostReport = (c: Course, confusion: string) => ({
  courseId: c.course.id,
  sessionId: c.session!.sessionId,
  topic: 'Recursion',
  confusion,
  difficultyLevel: 'completely',
});

async function professorPage(browser: Browser, baseURL: string, c: Course, viewport: Page['viewportSize']) {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, viewport: viewport() ?? undefined });
  await putSessionInBrowser(context, baseURL, c.professor.client);
  const page = await context.newPage();
  return { context, page };
}

async function openLiveView(page: Page, c: Course) {
  await page.goto(`/professor/live/${c.course.id}`);
  await expect(page.getByTestId('live-indicator')).toHaveText('Live');
  await expect(page.getByRole('heading', { level: 1, name: 'Live View' })).toBeVisible();
}

/** A new course with today's class session, and its professor's own browser on the live view (`live`). */
async function liveViewOfNewCourse(browser: Browser, baseURL: string, viewport: Page['viewportSize'], topic?: string) {
  const c = await professorCourse({ withSession: true, topic });
  const professor = await professorPage(browser, baseURL, c, viewport);
  await openLiveView(professor.page, c);
  return { c, professor, live: professor.page };
}

test('the live view counts a student submission within 2 s, without a reload', async ({ browser, page, baseURL }) => {
  const { c, professor } = await liveViewOfNewCourse(browser, baseURL!, () => page.viewportSize(), 'Recursion');
  await expect(professor.page.getByTestId('live-responses')).toHaveText('0 responses');
  await expectNoSeriousA11yViolations(professor.page);
  const loads: number[] = [];
  professor.page.on('load', () => loads.push(1));

  // The student, in a browser of their own, sends Session Feedback through the form.
  await page.goto(`/class-session?courseId=${c.course.id}&sessionId=${c.session!.sessionId}`);
  const form = page.getByRole('form', { name: 'Session feedback' });
  // Sent by the form's island (with fetch, staying on the page), not posted by the browser before it
  // runs: the student's first tap hydrates the form, once the page's script is there (a form filled
  // in before that waits, as HTML, for a use after it: support/forms.ts).
  await startUsingForm(form);
  await fillSessionFeedback(form, {
    mind: 'Recursion clicked today',
    unclear: 'Why the base case comes first',
    wentWell: 'The call-stack drawings',
    pace: 'slightly_fast',
    challenge: 'slightly_hard',
  });
  const created = page.waitForResponse((response) => response.url().endsWith('/functions/v1/submissions') && response.status() === 201);
  await form.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await created;

  await expect(professor.page.getByTestId('live-responses')).toHaveText('1 response', { timeout: 2000 });
  await expect(professor.page.getByRole('group', { name: 'Live figures' })).toContainText('4.0 of 7');
  await expect(professor.page.getByRole('region', { name: 'Pace' })).toContainText('Slightly fast1');
  expect(loads).toHaveLength(0);
  await professor.context.close();
});

test('free text shows only in shuffled groups of three, with no times', async ({ browser, page, baseURL }) => {
  const { c, professor, live } = await liveViewOfNewCourse(browser, baseURL!, () => page.viewportSize());
  await expect(live.getByText(/shuffled groups of three, without times/)).toBeVisible();

  await submit(sessionFeedback(c, 'First unclear part', 3));
  await submit(lostReport(c, 'Second unclear part'));
  await expect(live.getByTestId('live-responses')).toHaveText('2 responses');
  await expect(live.getByTestId('pending-texts')).toHaveText('2 comments are waiting for a group of three.');
  await expect(live.getByTestId('live-text')).toHaveCount(0);
  await expect(live.getByText('First unclear part')).toHaveCount(0);

  await submit(sessionFeedback(c, 'Third unclear part', 5));
  await expect(live.getByTestId('live-text')).toHaveCount(3);
  await expect(live.getByTestId('pending-texts')).toHaveCount(0);
  for (const text of ['First unclear part', 'Second unclear part', 'Third unclear part']) {
    await expect(live.getByTestId('live-text').filter({ hasText: text })).toHaveCount(1);
  }
  // No time of day anywhere in the group.
  await expect(live.getByRole('list', { name: 'Group 1' })).not.toContainText(/\d{1,2}:\d{2}/);
  await professor.context.close();
});

test('the confusion alarm appears with lost responses and clears when clearer ones arrive', async ({ browser, page, baseURL }) => {
  const { c, professor, live } = await liveViewOfNewCourse(browser, baseURL!, () => page.viewportSize());
  const alarm = live.getByRole('alert').filter({ hasText: 'Many students are lost right now' });

  // Four lost of four: under the minimum of five responses, so no alarm yet.
  for (let i = 0; i < 4; i++) await submit(lostReport(c, `I am completely lost on step ${i}`));
  await expect(live.getByTestId('live-responses')).toHaveText('4 responses');
  await expect(alarm).toHaveCount(0);

  await submit(sessionFeedback(c, 'Completely lost on recursion', 1));
  await expect(alarm).toBeVisible();
  await expect(alarm).toContainText('5 of the 5 responses of the last 10 minutes');
  await expectNoSeriousA11yViolations(live);

  // Twelve clear answers: 5 lost of 17 is 29 %, under the 30 % threshold.
  await Promise.all(Array.from({ length: 12 }, (_, i) => submit(sessionFeedback(c, `Clear enough ${i}`, 6))));
  await expect(live.getByTestId('live-responses')).toHaveText('17 responses');
  await expect(alarm).toHaveCount(0);
  await professor.context.close();
});

async function studentContext(browser: Browser, page: Page): Promise<BrowserContext> {
  return browser.newContext({ timezoneId: TIME_ZONE, viewport: page.viewportSize() ?? undefined });
}

test('a reply reaches the student who holds the edit token, and no one else', async ({ browser, page, baseURL }) => {
  const c = await professorCourse({ withSession: true, topic: 'Pointers' });
  const address = `/class-session?courseId=${c.course.id}&sessionId=${c.session!.sessionId}`;

  // Student A sends feedback through the form; their browser keeps the edit token.
  await page.goto(address);
  const form = page.getByRole('form', { name: 'Session feedback' });
  // The island's send, which keeps the page and its edit token (a tap before it runs posts the form
  // itself, to the sent page: form-before-app.spec.ts).
  await startUsingForm(form);
  await fillSessionFeedback(form, {
    mind: 'Pointers',
    unclear: 'Pointer arithmetic on arrays',
    wentWell: 'The diagrams',
    pace: 'just_right',
    challenge: 'slightly_hard',
  });
  await form.getByRole('button', { name: 'Submit Anonymous Feedback' }).click();
  await expectToast(page, 'Submitted!', 'Your feedback has been submitted! You can edit it anytime while you stay on this page.');

  // The professor replies from the dashboard's Recent Submissions, filtered to the course.
  const professor = await professorPage(browser, baseURL!, c, () => page.viewportSize());
  const dashboard = professor.page;
  await dashboard.goto('/professor/dashboard');
  await dashboard.getByLabel('Course').selectOption(c.course.id);
  const item = dashboard.getByTestId('recent-submission').filter({ hasText: 'Pointer arithmetic on arrays' });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: /^Reply/ }).click();
  await item.getByRole('button', { name: 'Send Reply' }).click();
  await expect(item.getByText('A reply must be 1 to 1000 characters long.')).toBeVisible();
  await item.getByLabel('Your reply').fill('Good question: we will redo it with a drawing on Monday.');
  await item.getByRole('button', { name: 'Send Reply' }).click();
  await expectToast(dashboard, 'Success', 'Reply sent');
  await expect(item.getByText('Reviewed')).toBeVisible();
  await expect(item.getByTestId('sent-reply')).toContainText('redo it with a drawing');

  // Student A sees it where they already go.
  await page.reload();
  const reply = page.getByRole('region', { name: 'Your professor replied' });
  await expect(reply).toContainText('Good question: we will redo it with a drawing on Monday.');

  // Student B, on the same page in another browser, sees no reply (and no one else's feedback).
  const other = await studentContext(browser, page);
  const otherPage = await other.newPage();
  await otherPage.goto(address);
  await expect(otherPage.getByRole('form', { name: 'Session feedback' })).toBeVisible();
  await expect(otherPage.getByText('Your professor replied', { exact: true })).toHaveCount(0);
  await expect(otherPage.getByText('redo it with a drawing')).toHaveCount(0);

  // Withdrawn: the student no longer sees it.
  await item.getByRole('button', { name: /^Withdraw reply/ }).click();
  await expectToast(dashboard, 'Success', 'Reply withdrawn');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Session feedback' })).toBeVisible();
  // Exactly the reply's heading: the "Notify me" line beside the private link quotes the same words.
  await expect(page.getByText('Your professor replied', { exact: true })).toHaveCount(0);
  await expect(page.getByText('redo it with a drawing')).toHaveCount(0);
  await Promise.all([other.close(), professor.context.close()]);
});

test('a note posted from the live view shows on the public course page', async ({ browser, page, baseURL }) => {
  const { c, professor } = await liveViewOfNewCourse(browser, baseURL!, () => page.viewportSize());
  const notes = professor.page.getByRole('form', { name: 'Post a note' });
  await notes.getByRole('button', { name: 'Post Note' }).click();
  await expect(notes.getByText('A note must be 1 to 1000 characters long.')).toBeVisible();
  await notes.getByLabel('Note for students').fill('Next class I will redo the recursion example');
  await notes.getByRole('button', { name: 'Post Note' }).click();
  await expectToast(professor.page, 'Success', 'Note posted');

  await page.goto(`/courses/${c.course.id}`);
  const section = page.getByRole('region', { name: 'From your professor' });
  await expect(section).toContainText('Next class I will redo the recursion example');
  await expect(page.getByTestId('professor-note')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/class-session?courseId=${c.course.id}&sessionId=${c.session!.sessionId}`);
  await expect(page.getByRole('region', { name: 'From your professor' })).toContainText('Next class I will redo the recursion example');
  await professor.context.close();
});

test("on nginx, Session Feedback is served with the session's notes in it, drawn once, in the visitor's language", async ({
  browser,
  request,
}) => {
  const nginx = nginxUrl();
  const c = await professorCourse({ withSession: true });
  // A note as a professor may type it: markup, quotes, a $ and a | stay text.
  const typed = `We redo the "base" <case> | $1 & more:\nsee the slides.`;
  for (const body of ['An older note, same session.', typed]) {
    const { error } = await c.professor.client.from('session_notes').insert({ session_id: c.session!.sessionId, body });
    expect(error).toBeNull();
  }
  const sessionPage = `/class-session?courseId=${c.course.id}&sessionId=${c.session!.sessionId}`;

  // In the HTML as first served, newest first, escaped once, in both languages' copies.
  const html = await (await request.get(`${nginx}/class/${c.session!.accessToken}`)).text();
  const escaped = 'We redo the &quot;base&quot; &lt;case&gt; &#124; &#36;1 &amp; more:\nsee the slides.';
  expect(html.split(escaped)).toHaveLength(3);
  expect(html.indexOf(escaped)).toBeLessThan(html.indexOf('An older note, same session.'));

  // Seen before any script: a browser without JavaScript shows them.
  const noScript = await browser.newContext({ javaScriptEnabled: false, timezoneId: TIME_ZONE, baseURL: nginx });
  const plain = await noScript.newPage();
  await plain.goto(sessionPage);
  const notes = plain.getByRole('region', { name: 'From your professor' }).getByTestId('professor-note');
  await expect(notes).toHaveText([typed, 'An older note, same session.']);
  await noScript.close();

  // With scripts, in Spanish: the island reads the notes too, and leaves the host's where they are.
  const spanish = await browser.newContext({ timezoneId: TIME_ZONE, baseURL: nginx });
  await spanish.addInitScript(() => localStorage.setItem('classpulse.language', 'es'));
  const page = await spanish.newPage();
  const notesRead = page.waitForResponse((response) => response.url().includes('/rpc/course_notes') && response.ok());
  await page.goto(sessionPage);
  await notesRead;
  await expect(page.getByText(c.course.name)).toBeVisible();
  // The island has drawn what the read gave it once the page is idle again.
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
  await expect(page.getByRole('region', { name: 'De tu profesor' }).getByTestId('professor-note')).toHaveText([
    typed,
    'An older note, same session.',
  ]);
  await expect(page.getByTestId('professor-note')).toHaveCount(2);
  await spanish.close();
});
