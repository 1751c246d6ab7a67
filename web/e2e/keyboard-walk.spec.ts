// The keyboard-only walk (issue 34): every student and professor flow of this suite, done with
// Tab, Shift+Tab, Enter, Space, the arrow keys and Escape alone (an LMS launch included). Set-up (courses, sessions, other
// students' feedback, a professor's sign-in) goes through the API, as the other specs arrange it;
// what is under test is only ever touched through `page.keyboard`. At each step the focused
// element's accessible name is checked as Tab reaches it, its focus must be visible, and after
// every action that leads to another view focus must still be on something (never the body).
import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import { courseCard, signInByCookie, submitFeedback } from './support/professor';
import { anonClient, db, signInWithEmailCode, stack } from './support/stack';
import { TIME_ZONE } from './support/student';
import { deleteStories, uniqueWant, voteCount } from './support/userStories';
import { chooseOption, expectFocusKept, expectFocusOn, expectFocusWithin, tabTo, typeInto, waitForApp } from './support/keyboard';
import { launchFormHtml, lmsInstructor, Platform, ROLE, useStack } from '../../testing/lti-platform';

test.use({ timezoneId: TIME_ZONE });
useStack({ db, apiUrl: () => stack().apiUrl });
// Whole flows, several pages each, one key at a time: longer than the default on a busy machine.
test.describe.configure({ timeout: 150_000 });

const LANDING = 'Privacy-first feedback for better teaching and learning';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** A toast's title and text, read where it shows (one at a time, 5 s each: a queued one can wait). */
async function expectToastSaying(page: Page, title: string, description: string) {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: description });
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await expect(toast.locator('[data-part="title"]')).toHaveText(title);
}

/** Today is a class day (Monday to Friday) where the students are. */
const classDayToday = () =>
  !['Sat', 'Sun'].includes(new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'short' }).format(new Date()));

/**
 * A course of its own (a code with no space, so the keyboard's type-ahead finds it in a dropdown),
 * with today's class session, "me too" on and three other students' texts already in: the
 * minimum for them to show.
 */
async function keyboardCourse({ withCheck = false }: { withCheck?: boolean } = {}) {
  const professor = await signInWithEmailCode();
  const code = `KW${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  const name = `Keyboard Walk ${code}`;
  const { data: course, error } = await professor.client
    .from('courses')
    .insert({ name, code, timezone: TIME_ZONE, peer_confusion: true })
    .select('id, code, name')
    .single<{ id: string; code: string; name: string }>();
  if (error || !course) throw error ?? new Error('course not created');
  const { data: session, error: sessionError } = await professor.client.rpc('create_today_session', {
    course_id: course.id,
    topic: 'Stacks',
  });
  if (sessionError) throw sessionError;
  const { sessionId, accessToken } = session as { sessionId: string; accessToken: string };
  for (const confusion of ['Why does a stack overflow?', 'What is a frame pointer?', 'When is the heap used instead?']) {
    const { error: refused } = await anonClient().functions.invoke('submissions', {
      method: 'POST',
      body: { courseId: course.id, sessionId, topic: 'Stacks', confusion, difficultyLevel: 'very' },
      headers: {
        'x-device-id': `device-${randomUUID()}`,
        'x-forwarded-for': `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`,
      },
    });
    if (refused) throw refused;
  }
  if (withCheck) {
    // "Did it work?": yesterday's note names a confusion and a control; today's form asks both.
    await db().query(
      `with prev as (
         insert into public.class_sessions (course_id, session_date, expires_at, is_active)
         select course_id, session_date - 1, expires_at - interval '1 day', false from public.class_sessions where id = $1
         returning id
       )
       insert into public.session_notes (session_id, body, addressed_topic, control_topic)
       select id, 'We redrew the stack frames.', 'stack frames', 'the heap' from prev`,
      [sessionId],
    );
  }
  return { course, sessionId, accessToken };
}

/** Chooses a link of the site header: in the Main navigation, or behind "Menu" on a phone. */
async function headerLink(page: Page, isMobile: boolean, name: string, backwards = false) {
  if (isMobile) {
    await tabTo(page, 'Menu', { role: 'button', backwards });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await tabTo(page, name, { role: 'link', within: page.getByRole('navigation', { name: 'Mobile' }) });
  } else {
    await tabTo(page, name, { role: 'link', within: page.getByRole('navigation', { name: 'Main' }), backwards });
  }
  await page.keyboard.press('Enter');
}

test(
  'a student: landing, course search, course page, session feedback, "me too", My feedback and the private link',
  { tag: '@both' },
  async ({ page, isMobile }) => {
    const { course, accessToken } = await keyboardCourse({ withCheck: true });

    // The landing page: the skip link comes first and leads into the page.
    await page.goto('/');
    await expect(heading(page)).toHaveText(LANDING);
    await waitForApp(page);
    await tabTo(page, 'Skip to content', { role: 'link', max: 1 });
    await page.keyboard.press('Enter');
    await expectFocusKept(page, 'the skip link');
    await tabTo(page, 'Find My Course & Submit Feedback', { role: 'link' });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/course-search$/);
    await expect(heading(page)).toHaveText('Find Your Course');
    await expectFocusKept(page, 'opening course search');

    // Course search: type the code, Enter, then the result's link.
    await typeInto(page, 'Course code', course.code, { role: 'textbox' });
    await page.keyboard.press('Enter');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('heading', { level: 2 })).toHaveText(course.code);
    await tabTo(page, `View Course ${course.code}`, { role: 'link' });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/courses/${course.id}$`));
    await expect(heading(page)).toHaveText(course.code);
    await expectFocusKept(page, 'opening the course page');

    // The course page leads to today's Session Feedback (on a class day; else through the class link).
    if (classDayToday()) {
      await tabTo(page, "Submit Today's Feedback", { role: 'link' });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/class-session\\?courseId=${course.id}&sessionId=\\d{4}-\\d{2}-\\d{2}$`));
      await expectFocusKept(page, 'opening Session Feedback');
    } else {
      await expect(page.getByRole('button', { name: 'No Class Today' })).toBeDisabled();
      await page.goto(`/class/${accessToken}`);
      await expect(page).toHaveURL(/\/class-session\?/);
    }
    await expect(heading(page)).toHaveText('Session Feedback');
    await expect(page.getByText(`${course.code} ${course.name}`)).toBeVisible();
    // What others found unclear, below the form, is read and drawn as the student scrolls near it.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('peer-text')).toHaveCount(3);

    // Session Feedback: three texts, two dropdowns by arrow keys, two sliders by arrow keys, then
    // "Did it work?", each topic's radios entered by Tab and rated by Space and the arrows; Enter.
    const check = page.getByTestId('follow-up-check');
    await expect(check.getByRole('group')).toHaveCount(2);
    await typeInto(page, "What's on your mind after this session?", 'Stacks and frames');
    await typeInto(page, 'What parts were unclear?', 'How the return address gets back');
    await typeInto(page, 'What went well?', 'The whiteboard drawings');
    const form = page.getByRole('form', { name: 'Session feedback' });
    await tabTo(page, 'How was the pace?', { role: 'combobox' });
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect(form.getByLabel('How was the pace?')).toHaveValue('just_right');
    await tabTo(page, 'How challenging was it?', { role: 'combobox' });
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect(form.getByLabel('How challenging was it?')).toHaveValue('challenging_manageable');
    await tabTo(page, 'How clear was this session?', { role: 'slider' });
    await page.keyboard.press('ArrowRight');
    await expect(form.getByLabel('How clear was this session?')).toHaveValue('5');
    await tabTo(page, 'How confident do you feel about the material?', { role: 'slider' });
    await page.keyboard.press('ArrowLeft');
    await expect(form.getByLabel('How confident do you feel about the material?')).toHaveValue('45');
    await tabTo(page, '1 Still unclear', { role: 'radio' });
    await page.keyboard.press('Space');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await tabTo(page, '1 Still unclear', { role: 'radio', max: 1 });
    await page.keyboard.press('Space');
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
    const chosen = check.getByRole('radio', { checked: true });
    await expect(chosen.nth(0)).toHaveAccessibleName('5');
    await expect(chosen.nth(1)).toHaveAccessibleName('3');
    await tabTo(page, 'Submit Anonymous Feedback', { role: 'button' });
    await page.keyboard.press('Enter');
    await expectToastSaying(page, 'Submitted!', 'Your feedback has been submitted! You can edit it anytime while you stay on this page.');
    await expect(page.getByRole('button', { name: 'Update Feedback' })).toBeEnabled();
    const { rows: rated } = await db().query<{ rating: number }>(
      `select r.rating from public.topic_ratings r join public.submissions s on s.id = r.submission_id
       where s.course_id = $1 order by r.rating desc`,
      [course.id],
    );
    expect(rated).toEqual([{ rating: 5 }, { rating: 3 }]);
    // The form makes way for the confirmation: focus goes to the private link, remembered on this device.
    await expectFocusOn(page, 'Your private track link', 'textbox');
    const remember = await tabTo(page, 'Remember on this device', { role: 'checkbox' });
    await expect(remember).toBeChecked();

    // "Me too" on another student's text, with Space; focus stays on the button.
    await tabTo(page, 'Me too', { role: 'button', max: 80 });
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Me too', pressed: true })).toHaveCount(1);
    await expect(page.getByTestId('me-too-count').filter({ hasText: '1 classmate said "me too"' })).toHaveCount(1);
    await expectFocusOn(page, 'Me too', 'button');

    // Later, from the home page: My feedback in the header (behind Menu on a phone; Escape closes it).
    await page.goto('/');
    await expect(heading(page)).toHaveText(LANDING);
    await waitForApp(page);
    if (isMobile) {
      await tabTo(page, 'Menu', { role: 'button' });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await tabTo(page, 'Home', { role: 'link' });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
      await expectFocusOn(page, 'Menu', 'button');
      await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await tabTo(page, 'My feedback', { role: 'link' });
      await page.keyboard.press('Enter');
    } else {
      await headerLink(page, false, 'My feedback');
    }
    await expect(page).toHaveURL(/\/my-feedback$/);
    await expect(heading(page)).toHaveText('My feedback');
    await expectFocusKept(page, 'opening My feedback');
    const entry = page.getByRole('listitem').filter({ hasText: course.code });
    await expect(entry).toContainText('How the return address gets back');
    await tabTo(page, 'Open', { role: 'link', within: entry });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/track\/[0-9a-f-]{36}\.[\w-]+$/);
    await expect(heading(page)).toHaveText('Your Anonymous Feedback');
    await expectFocusKept(page, 'opening the private link');

    // Edited there: the saved version redraws the form, and focus is back on its button.
    const wentWell = await tabTo(page, 'What went well?', { role: 'textbox' });
    await page.keyboard.press('End');
    await page.keyboard.type(' and the demo');
    await expect(wentWell).toHaveValue('The whiteboard drawings and the demo');
    await tabTo(page, 'Update Feedback', { role: 'button' });
    await page.keyboard.press('Enter');
    await expectToastSaying(page, 'Updated!', 'Your feedback has been updated successfully.');
    await expectFocusOn(page, 'Update Feedback', 'button');
  },
);

test(
  'a student sends general feedback from the header, gets the private link, and edits through it',
  { tag: '@both' },
  async ({ page, isMobile }) => {
    const { course } = await keyboardCourse();
    await page.goto('/course-search');
    await expect(heading(page)).toHaveText('Find Your Course');
    await waitForApp(page);
    await headerLink(page, isMobile, 'Submit Feedback');
    await expect(page).toHaveURL(/\/submit$/);
    await expect(heading(page)).toHaveText('Share What Confused You');
    await expectFocusKept(page, 'opening Submit Feedback');

    const form = page.getByRole('form', { name: 'Feedback' });
    const select = form.getByLabel('Course');
    await expect(select.locator('option', { hasText: course.code })).toHaveCount(1);
    await tabTo(page, 'Course', { role: 'combobox' });
    await chooseOption(page, select, course.id, course.code);
    await typeInto(page, 'Topic', 'Stack frames');
    await typeInto(page, 'What confused you?', 'Where the local variables live once a function returns.');
    await tabTo(page, 'Slightly confused', { role: 'radio' });
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: 'Very confused' })).toBeChecked();
    await tabTo(page, 'Submit Feedback', { role: 'button' });
    await page.keyboard.press('Enter');
    await expectToastSaying(page, 'Submission Sent!', 'Thank you for your feedback. Your submission has been sent anonymously.');

    // The sent form gives way to the private link, which takes focus (its text selected, to copy).
    const linkBox = page.getByRole('textbox', { name: 'Your private track link' });
    await expect(linkBox).toHaveValue(/\/track\/[0-9a-f-]{36}\.[\w-]+$/);
    await expect(linkBox).toBeFocused();
    await tabTo(page, 'Copy Link', { role: 'button' });
    const remember = await tabTo(page, 'Remember on this device', { role: 'checkbox' });
    await expect(remember).toBeChecked();
    const link = await linkBox.inputValue();

    // The private link, opened as a student would paste it: edit the topic and update.
    await page.goto(link);
    await expect(heading(page)).toHaveText('Your Anonymous Feedback');
    const topic = page.getByRole('form', { name: 'Feedback' }).getByLabel('Topic');
    await expect(topic).toHaveValue('Stack frames');
    await tabTo(page, 'Topic', { role: 'textbox' });
    await page.keyboard.press('End');
    await page.keyboard.type(' and returns');
    await expect(topic).toHaveValue('Stack frames and returns');
    await tabTo(page, 'Update Feedback', { role: 'button' });
    await page.keyboard.press('Enter');
    await expectToastSaying(page, 'Updated!', 'Your feedback has been updated successfully.');
    await expectFocusOn(page, 'Update Feedback', 'button');
    const id = link.split('/track/')[1]!.split('.')[0];
    const { rows } = await db().query<{ topic: string }>('select topic from public.submissions where id = $1', [id]);
    expect(rows).toEqual([{ topic: 'Stack frames and returns' }]);
  },
);

test('the user stories board: submit a story with the sliders, switch tabs with the arrows, vote', { tag: '@both' }, async ({ page }) => {
  await page.goto('/course-search');
  await expect(heading(page)).toHaveText('Find Your Course');
  await waitForApp(page);
  await tabTo(page, /^© \d{4} ClassPulse/, { role: 'link' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user-stories$/);
  await expect(heading(page)).toHaveText('User Stories');
  await expectFocusKept(page, 'opening the board');
  await expect(page.getByTestId('story-list')).toBeVisible();

  await tabTo(page, 'New Story', { role: 'button' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Submit User Story' })).toBeVisible();
  await tabTo(page, 'As a...', { role: 'combobox' });
  await page.keyboard.press('ArrowDown');
  const role = await page.getByLabel('As a...').inputValue();
  expect(role).not.toBe('');
  const want = uniqueWant('walk the board by keyboard');
  await typeInto(page, 'I want to...', want);
  await typeInto(page, 'So that...', 'nobody needs a mouse');
  for (const slider of ['Impact', 'Confidence', 'Ease']) {
    const thumb = await tabTo(page, slider, { role: 'slider' });
    await page.keyboard.press('End');
    await expect(thumb).toHaveAttribute('aria-valuenow', '10');
  }
  await expect(page.getByTestId('ice-preview')).toHaveText('ICE Score: 30');
  await tabTo(page, 'Submit Story', { role: 'button' });
  await page.keyboard.press('Enter');
  await expectToastSaying(page, 'Success', 'User story submitted successfully!');
  await expect(page.getByRole('heading', { name: 'Submit User Story' })).toHaveCount(0);
  // The form has gone: focus is back on the button that opened it.
  await expectFocusOn(page, 'New Story', 'button');
  const title = `As a ${role}, I want to ${want}`;
  const { rows } = await db().query<{ id: string }>('select id from public.user_stories where title = $1', [title]);
  expect(rows).toHaveLength(1);
  try {
    // The tabs: the arrow keys move between List and Kanban.
    await tabTo(page, 'List', { role: 'tab' });
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Kanban' })).toHaveAttribute('aria-selected', 'true');
    await expectFocusOn(page, 'Kanban', 'tab');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');

    // Vote for the new story with Enter.
    const card = page.getByTestId('story-list').getByRole('article', { name: title, exact: true });
    await expect(card).toBeVisible();
    await tabTo(page, 'Upvote, 0 votes', { role: 'button', within: card, max: 120 });
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: /^Upvote/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByTestId('upvote-count')).toHaveText('1');
    await expectFocusOn(page, 'Upvote, 1 vote', 'button');
    expect(await card.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect(await voteCount(rows[0]!.id)).toBe(1);
  } finally {
    await deleteStories(rows.map((row) => row.id));
  }
});

test(
  "a professor: create a course and today's link, the dashboard's filters, export, review and reply, the live view, the term report, sign out",
  { tag: '@both' },
  async ({ page, context, baseURL, isMobile }) => {
    await signInByCookie(context, baseURL!);
    await page.goto('/professor');
    await expect(heading(page)).toHaveText('Course Management');
    await waitForApp(page);

    // Onboarding, then the course form (focus goes to its first field).
    await tabTo(page, 'Get Started', { role: 'button' });
    await page.keyboard.press('Enter');
    await expectFocusOn(page, 'Course Name', 'textbox');
    const code = `KP${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    const name = `Keyboard Course ${code}`;
    await page.keyboard.type(name);
    await typeInto(page, 'Course Code', code);
    await tabTo(page, 'Create Course', { role: 'button' });
    await page.keyboard.press('Enter');
    await expectToastSaying(page, 'Success', 'Course created successfully');
    const card = courseCard(page, name);
    await expect(card).toBeVisible();

    // Today's link: topic, Enter; focus goes on to Copy Link. The QR code dialog closes with Escape.
    await expect(card.getByText('No active session for today')).toBeVisible();
    await typeInto(page, 'Topic for today (optional)', 'Heaps', { within: card });
    await tabTo(page, "Create Today's Link", { role: 'button', within: card });
    await page.keyboard.press('Enter');
    await expectToastSaying(page, 'Success', "Today's class link created successfully");
    await expect(card.getByTestId('class-link')).toHaveText(/\/class\/[\w-]{22,}$/);
    await expectFocusOn(page, 'Copy Link', 'button');
    await tabTo(page, 'QR Code', { role: 'button', within: card });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `QR Code for ${code}` });
    await expect(dialog).toBeVisible();
    await expectFocusWithin(dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusOn(page, 'QR Code', 'button');

    // "E-mail me a summary after each class": Space ticks it and unticks it; focus stays on the box.
    const summaries = `E-mail me a summary after each class of ${code}`;
    await tabTo(page, summaries, { role: 'checkbox', within: card });
    await page.keyboard.press('Space');
    await expectToastSaying(page, 'Success', `You will get an e-mail summary after each class of ${code}.`);
    await expect(card.getByRole('checkbox', { name: summaries })).toBeChecked();
    await expectFocusOn(page, summaries, 'checkbox');
    await page.keyboard.press('Space');
    await expectToastSaying(page, 'Success', `You will no longer get an e-mail summary after the classes of ${code}.`);
    await expect(card.getByRole('checkbox', { name: summaries })).not.toBeChecked();

    // "End Term" is reached by Tab; its confirmation closes with Escape, the term still running.
    await tabTo(page, `End Term of ${code}`, { role: 'button', within: card });
    await page.keyboard.press('Enter');
    const endTerm = page.getByRole('alertdialog', { name: `End the term of ${code}?` });
    await expect(endTerm).toBeVisible();
    await expectFocusWithin(endTerm);
    await page.keyboard.press('Escape');
    await expect(endTerm).toBeHidden();
    await expectFocusOn(page, `End Term of ${code}`, 'button');

    // Two students' reports, arranged through the API.
    const link = (await card.getByTestId('class-link').textContent())!.trim();
    const { data: resolved, error } = await anonClient().rpc('resolve_class_token', { token: link.split('/class/')[1] });
    expect(error).toBeNull();
    const replied = `Heap order ${code}`;
    const reviewed = `Heap sort ${code}`;
    await submitFeedback(resolved.courseId, resolved.sessionId, replied);
    await submitFeedback(resolved.courseId, resolved.sessionId, reviewed);

    // The dashboard, from the page's own link.
    await tabTo(page, 'View Dashboard', { role: 'link', backwards: true, max: 80 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/professor\/dashboard$/);
    await expect(heading(page)).toHaveText('Feedback Dashboard');
    await expectFocusKept(page, 'opening the dashboard');

    // The course filter, by arrow key (the professor's only course follows "All Courses").
    const filter = page.getByLabel('Course', { exact: true });
    await expect(filter.locator('option')).toHaveText(['All Courses', `${code} - ${name}`]);
    await tabTo(page, 'Course', { role: 'combobox' });
    await page.keyboard.press('ArrowDown');
    await expect(filter).toHaveValue(resolved.courseId);
    await expect(page.getByTestId('stat-Total Submissions')).toHaveText('2');
    await expect(page.getByTestId('stat-Response Needed')).toHaveText('2');

    // Export: Enter on the button downloads the course's CSV.
    await tabTo(page, 'Export', { role: 'button' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^classpulse-feedback-${code}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(await readFile((await download.path())!, 'utf8')).toContain(replied);
    await expectFocusOn(page, 'Export', 'button');

    // Review one, reply to the other.
    const recent = page.getByRole('region', { name: 'Recent Submissions' });
    await expect(recent.getByTestId('recent-submission')).toHaveCount(2);
    await tabTo(page, `Mark reviewed: ${reviewed}`, { role: 'button' });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('stat-Response Needed')).toHaveText('1');
    // The button became a "Reviewed" badge: focus moved on to the item's next button.
    await expectFocusOn(page, `Hide from public page: ${reviewed}`, 'button');
    await tabTo(page, `Reply: ${replied}`, { role: 'button' });
    await page.keyboard.press('Enter');
    await expectFocusOn(page, 'Your reply', 'textbox');
    await page.keyboard.type('We will build a heap together on Monday.');
    await tabTo(page, 'Send Reply', { role: 'button' });
    await page.keyboard.press('Enter');
    await expectToastSaying(page, 'Success', 'Reply sent');
    const item = recent.getByTestId('recent-submission').filter({ hasText: replied });
    await expect(item.getByTestId('sent-reply')).toContainText('We will build a heap together on Monday.');
    await expectFocusOn(page, `Edit reply: ${replied}`, 'button');

    // The patterns' time range, by arrow key.
    const range = page.getByRole('region', { name: 'Top Confusion Patterns' }).getByLabel('Time range');
    await expect(range).toHaveValue('7');
    await tabTo(page, 'Time range', { role: 'combobox' });
    await page.keyboard.press('ArrowDown');
    await expect(range).not.toHaveValue('7');

    // The live view, from the dashboard's link for the chosen course; a note posted by keyboard.
    await tabTo(page, 'Open Live View', { role: 'link', backwards: true, max: 80 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/professor/live/${resolved.courseId}$`));
    await expect(heading(page)).toHaveText('Live View');
    await expect(page.getByTestId('live-indicator')).toHaveText('Live');
    await expectFocusKept(page, 'opening the live view');
    await typeInto(page, 'Note for students', 'Heaps again on Monday, with a drawing.');
    await tabTo(page, 'Post Note', { role: 'button' });
    await page.keyboard.press('Enter');
    await expectToastSaying(page, 'Success', 'Note posted');
    await expectFocusOn(page, 'Post Note', 'button');

    // The term report, from the course card; Enter on "Download CSV" downloads it.
    await headerLink(page, isMobile, 'Professor Dashboard', true);
    await expect(heading(page)).toHaveText('Course Management');
    await tabTo(page, 'Term Report', { role: 'link', within: card });
    await page.keyboard.press('Enter');
    await expect(heading(page)).toHaveText('Term Report');
    await expectFocusKept(page, 'opening the term report');
    // As a person would, wait for the report itself: on a busy machine its read can outlast a walk
    // that starts at once, which then passes the report's place before its button is there.
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
    await tabTo(page, 'Download CSV', { role: 'button' });
    const [report] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(await readFile((await report.path())!, 'utf8')).toContain('Heaps');
    await expectFocusOn(page, 'Download CSV', 'button');

    // Sign out from the header (behind Menu on a phone), back home signed out.
    await headerLink(page, isMobile, 'Sign Out', true);
    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page)).toHaveText(LANDING);
    await expectFocusKept(page, 'signing out');
    if (isMobile) {
      await tabTo(page, 'Menu', { role: 'button', backwards: true });
      await page.keyboard.press('Enter');
    }
    await expect(
      page.getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' }).getByRole('link', { name: 'Professor Sign In' }),
    ).toBeVisible();
  },
);

test('an instructor opens ClassPulse from the LMS and links the LMS course to a course of theirs', { tag: '@both' }, async ({ page }) => {
  const lms = new Platform('canvas');
  await lms.start();
  try {
    const teacher = lmsInstructor();
    const professor = await signInWithEmailCode(teacher.email);
    const code = `KL${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    const { data: course, error } = await professor.client
      .from('courses')
      .insert({ name: `Keyboard LMS ${code}`, code, timezone: TIME_ZONE })
      .select('id')
      .single<{ id: string }>();
    if (error || !course) throw error ?? new Error('course not created');

    // The LMS's part: the browser posts the signed launch (its button pressed with the keyboard too).
    const contextId = `kw-${randomUUID()}`;
    await page.setContent(launchFormHtml(await lms.signedLaunch({ user: teacher, contextId, roles: [ROLE.instructor] })));
    await tabTo(page, 'Launch ClassPulse', { role: 'button' });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/professor\/lti\/link\?request=/, { timeout: 30_000 });
    await expect(heading(page)).toHaveText('Link Your LMS Course');
    await expectFocusKept(page, 'landing on the link page');

    const select = await tabTo(page, 'ClassPulse course', { role: 'combobox' });
    await chooseOption(page, select, course.id, code);
    await tabTo(page, 'Link Course', { role: 'button' });
    await page.keyboard.press('Enter');
    await expectToastSaying(page, 'Course linked', 'Students who open ClassPulse from Test canvas now reach this course.');
    await expect(page).toHaveURL(new RegExp(`/professor/live/${course.id}$`));
    await expect(heading(page)).toHaveText('Live View');
    await expectFocusKept(page, 'linking the course');
    const { rows } = await db().query(`select course_id from private.lti_context_links where platform_id = $1 and context_id = $2`, [
      lms.id,
      contextId,
    ]);
    expect(rows).toEqual([{ course_id: course.id }]);
  } finally {
    await lms.stop();
  }
});
