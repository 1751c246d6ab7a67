// Presenting: the live signal reaches the professor outside the live view's tab. A rising alarm
// shows a system notification while the live view is hidden (and none while it is visible), Pop
// Out keeps the figures current in a small window of its own, and Present puts today's class link
// on the projector as a QR code that phones can scan.
import { randomInt, randomUUID } from 'node:crypto';
import { type Browser, type Page, expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoSeriousA11yViolations } from './a11y';
import { courseCard } from './support/professor';
import { anonClient, putSessionInBrowser } from './support/stack';
import { TIME_ZONE, professorCourse } from './support/student';
import { fullChromium } from './support/browser';

test.use({ timezoneId: TIME_ZONE, ...fullChromium });
// Two browsers and up to twenty submissions per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });
/** How long a page (or the Pop Out window) may take to boot and show its first data on a busy 2-core CI machine. */
const FIRST_RENDER = { timeout: 20_000 };

type Course = Awaited<ReturnType<typeof professorCourse>>;

/** One student's submission through the real gateway and function, from a device and address of its own. */
async function submit(body: Record<string, unknown>): Promise<void> {
  const ip = `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`;
  const { error } = await anonClient().functions.invoke('submissions', {
    method: 'POST',
    body,
    headers: { 'x-device-id': `device-${randomUUID()}`, 'x-forwarded-for': ip },
  });
  if (error) throw new Error(`submission refused: ${await (error.context as Response).text().catch(() => error.message)}`);
}

const lostReport = (c: Course) => ({
  courseId: c.course.id,
  sessionId: c.session!.sessionId,
  topic: 'Recursion',
  confusion: 'I am completely lost',
  difficultyLevel: 'completely',
});

const sessionFeedback = (c: Course, clarityRating: number) => ({
  courseId: c.course.id,
  sessionId: c.session!.sessionId,
  mindAfterSession: 'The homework due Friday.',
  unclearParts: 'The base case',
  wentWell: 'The live coding demo.',
  pace: 'just_right',
  challengeLevel: 'challenging_manageable',
  clarityRating,
  confidenceLevel: 50,
});

/**
 * Records every `new Notification(…)` in `window.__notifications`, and lets the test hide the page
 * (`window.__setHidden(true)`). Headless Chromium reports every page as visible whatever is in
 * front: a second page brought to the front, a minimised window and turning off Playwright's focus
 * emulation all leave `visibilityState` "visible" (tried on Chromium 156), so the test overrides it
 * and sends the `visibilitychange` a real tab switch sends.
 */
function recordNotificationsAndVisibility() {
  const Real = window.Notification;
  const shown: { title: string; body?: string }[] = [];
  Object.assign(window, { __notifications: shown });
  window.Notification = class extends Real {
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
      super(title, options);
    }
  } as typeof Notification;
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
  Object.assign(window, {
    __setHidden: (value: boolean) => {
      hidden = value;
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    },
  });
}

const notifications = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notifications: { title: string }[] }).__notifications.map((n) => n.title));
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => (window as unknown as { __setHidden: (v: boolean) => void }).__setHidden(value), hidden);

async function professorContext(browser: Browser, baseURL: string, c: Course, page: Page, options: { notifications?: boolean } = {}) {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, viewport: page.viewportSize() ?? undefined });
  if (options.notifications) await context.grantPermissions(['notifications'], { origin: baseURL });
  await putSessionInBrowser(context, baseURL, c.professor.client);
  return context;
}

async function openLiveView(page: Page, c: Course) {
  await page.goto(`/professor/live/${c.course.id}`);
  await expect(page.getByTestId('live-indicator')).toHaveText('Live', FIRST_RENDER);
}

test('a rising alarm notifies the professor while the live view is hidden, once, and never while it is visible', async ({
  browser,
  page,
  baseURL,
}) => {
  const c = await professorCourse({ withSession: true });
  const context = await professorContext(browser, baseURL!, c, page, { notifications: true });
  await context.addInitScript(recordNotificationsAndVisibility);
  const live = await context.newPage();
  await openLiveView(live, c);
  // Granted already: no reason to give, nothing to ask.
  await expect(live.getByTestId('notification-reason')).toHaveCount(0);
  const alarm = live.getByRole('alert').filter({ hasText: 'Many students are lost right now' });

  // Visible: the alarm rises on the page, and no system notification comes with it.
  for (let i = 0; i < 5; i++) await submit(lostReport(c));
  await expect(alarm).toBeVisible({ timeout: 10_000 });
  expect(await notifications(live)).toEqual([]);

  // Twelve clear answers: 5 lost of 17 is under 30 %, the alarm goes.
  await Promise.all(Array.from({ length: 12 }, () => submit(sessionFeedback(c, 6))));
  await expect(live.getByTestId('live-responses')).toHaveText('17 responses', { timeout: 10_000 });
  await expect(alarm).toHaveCount(0);

  // The professor goes to their slides: another page in front, the live view hidden.
  const slides = await context.newPage();
  await slides.goto('/');
  await slides.bringToFront();
  await setHidden(live, true);
  expect(await live.evaluate(() => document.visibilityState)).toBe('hidden');

  // One more lost student: 6 of 18 is 33 %, the alarm rises, and the hidden page notifies.
  await submit(lostReport(c));
  await expect.poll(() => notifications(live), { timeout: 15_000 }).toEqual(['Many students are lost right now']);
  await expect(live.getByTestId('live-responses')).toHaveText('18 responses');

  // Still on at the next answers: no second notification for the same rise.
  await submit(lostReport(c));
  await expect(live.getByTestId('live-responses')).toHaveText('19 responses', { timeout: 15_000 });
  await expect(alarm).toBeVisible();
  expect(await notifications(live)).toEqual(['Many students are lost right now']);
  await context.close();
});

// Without a permission yet (or blocked), the live view's one line on why it asks for notifications: web/src/features/live/LiveViewPage.test.tsx.

for (const kind of ['picture-in-picture', 'popup'] as const) {
  test(`Pop Out (${kind}) shows a new response within 2 s while the live view is hidden and untouched`, async ({
    browser,
    page,
    baseURL,
  }) => {
    const c = await professorCourse({ withSession: true });
    const context = await professorContext(browser, baseURL!, c, page);
    await context.addInitScript(recordNotificationsAndVisibility);
    // This Chromium has Document Picture-in-Picture; without it, the app opens a popup window.
    if (kind === 'popup') {
      await context.addInitScript(() =>
        Object.defineProperty(window, 'documentPictureInPicture', { configurable: true, value: undefined }),
      );
    }
    const live = await context.newPage();
    await openLiveView(live, c);
    expect(await live.evaluate(() => Boolean((window as { documentPictureInPicture?: unknown }).documentPictureInPicture))).toBe(
      kind === 'picture-in-picture',
    );
    const loads: string[] = [];
    live.on('load', () => loads.push(live.url()));

    const opened = context.waitForEvent('page');
    await live.getByRole('button', { name: 'Pop Out' }).click();
    const popWindow = await opened;
    // The Picture-in-Picture window holds the Pop Out page in a frame; the popup is that page.
    const popOut = kind === 'picture-in-picture' ? popWindow.frameLocator('iframe').locator(':root') : popWindow.locator(':root');
    if (kind === 'popup') await expect(popWindow).toHaveURL(new RegExp(`/professor/live/${c.course.id}/popout$`));
    await expect(popOut.getByTestId('popout-responses')).toHaveText('0', FIRST_RENDER);
    await expect(popOut.getByTestId('popout-calm')).toHaveText('No alarm');

    // The professor presents: the live view is hidden (so it stops asking) and nobody touches it.
    await setHidden(live, true);
    await submit(sessionFeedback(c, 4));
    await expect(popOut.getByTestId('popout-responses')).toHaveText('1', { timeout: 2000 });
    await expect(popOut.getByTestId('popout-clarity')).toHaveText('4.0 of 7');
    await expect(popOut.getByTestId('popout-confidence')).toHaveText('50%');
    expect(loads).toEqual([]);

    // The alarm shows there too.
    for (let i = 0; i < 5; i++) await submit(lostReport(c));
    await expect(popOut.getByRole('alert')).toContainText('Many students are lost right now', { timeout: 10_000 });
    await context.close();
  });
}

/** The QR code on the screen, decoded from a screenshot of it. */
async function decodeQr(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByTestId('present-qr').screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function expectJoinScreen(present: Page, c: Course, link: string) {
  const qr = present.getByTestId('present-qr');
  await expect(qr).toBeVisible(FIRST_RENDER);
  await expect(qr).toHaveAttribute('alt', `QR code for ${link}`);
  const box = await qr.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(present.viewportSize()!.height / 2);
  expect(await decodeQr(present)).toBe(link);
  await expect(present.getByTestId('present-code')).toHaveText(c.course.code);
  await expect(present.getByTestId('present-search')).toHaveText(`or search ${c.course.code} at ${new URL(present.url()).host}`);
}

test("Present on the course card shows today's class link as a QR code at least half the screen high", async ({
  browser,
  page,
  baseURL,
}) => {
  const c = await professorCourse({ withSession: true, topic: 'Graphs' });
  const context = await professorContext(browser, baseURL!, c, page);
  const present = await context.newPage();
  await present.goto('/professor');
  const card = courseCard(present, c.course.name);
  await expect(card.getByTestId('class-link')).toBeVisible(FIRST_RENDER);
  const link = (await card.getByTestId('class-link').textContent())?.trim() ?? '';
  expect(link).toBe(`${baseURL}/class/${c.session!.accessToken}`);
  await card.getByRole('button', { name: `Present ${c.course.code}` }).click();
  await expect(present).toHaveURL(new RegExp(`/professor/present/${c.course.id}$`));

  await expect(present.getByRole('heading', { level: 1 })).toHaveText("Scan for today's class feedback", FIRST_RENDER);
  await expectJoinScreen(present, c, link);
  await expectNoSeriousA11yViolations(present);

  // After class: the same screen asks what was unclear.
  await present.getByRole('button', { name: 'End-of-Class Minute' }).click();
  await expect(present.getByRole('heading', { level: 1 })).toHaveText('Tell us what was unclear');
  await expectJoinScreen(present, c, link);
  await expectNoSeriousA11yViolations(present);
  await present.getByRole('button', { name: 'Show the Join Screen' }).click();
  await expect(present.getByRole('heading', { level: 1 })).toHaveText("Scan for today's class feedback");

  // Exit: back to the course card.
  await present.getByRole('button', { name: 'Exit' }).click();
  await expect(present).toHaveURL(/\/professor$/);
  await expect(courseCard(present, c.course.name)).toBeVisible(FIRST_RENDER);
  await context.close();
});

test("Present on the live view creates today's session when there is none, and shows its link", async ({ browser, page, baseURL }) => {
  const c = await professorCourse();
  const context = await professorContext(browser, baseURL!, c, page);
  const live = await context.newPage();
  await live.goto(`/professor/live/${c.course.id}`);
  await expect(live.getByRole('heading', { name: 'No class session today' })).toBeVisible(FIRST_RENDER);
  await live.getByRole('button', { name: 'Present' }).click();
  await expect(live).toHaveURL(new RegExp(`/professor/present/${c.course.id}$`));
  await expect(live.getByTestId('present-qr')).toBeVisible(FIRST_RENDER);

  const { data, error } = await c.professor.client.rpc('active_session', { course_id: c.course.id });
  expect(error).toBeNull();
  const session = data as { accessToken: string; sessionId: string };
  await expectJoinScreen(live, { ...c, session: session as Course['session'] }, `${baseURL}/class/${session.accessToken}`);
  // A reload shows the same link: a session that exists is never given a new one.
  await live.reload();
  await expectJoinScreen(live, c, `${baseURL}/class/${session.accessToken}`);
  await context.close();
});
