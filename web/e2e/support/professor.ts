// Professor helpers for Playwright: sign in through the real UI (inbox code or magic link) or by
// cookie, arrange data straight through the API, read toasts.
import { type BrowserContext, type Page, expect } from '@playwright/test';
import { anonClient, latestEmail, magicLink, putSessionInBrowser, signInWithEmailCode, sixDigitCode, uniqueEmail } from './stack';
import { TIME_ZONE } from './timeZone';
import { expectToast } from './toast';

export { uniqueEmail };

/** Asks for the sign-in e-mail on /api/login; the e-mail, once it has come. */
async function askForSignInEmail(page: Page, email: string) {
  await page.goto('/api/login');
  const asked = new Date(Date.now() - 1000);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  return latestEmail(email, asked);
}

/** Signs a (new) professor in on /api/login with the 6-digit code from the local inbox. */
export async function signInWithCode(page: Page, email = uniqueEmail()): Promise<string> {
  const code = sixDigitCode(await askForSignInEmail(page, email));
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/professor$/);
  return email;
}

/** Asks for the sign-in e-mail on /api/login and follows its magic link in the same browser. */
export async function signInWithMagicLink(page: Page, email = uniqueEmail()): Promise<string> {
  await page.goto(magicLink(await askForSignInEmail(page, email)));
  await expect(page).toHaveURL(/\/professor$/);
  return email;
}

/**
 * A professor signed in without the UI (for tests about something else): the session is put in
 * the @supabase/ssr cookie, as the browser client would store it. Returns their API client too.
 */
export async function signInByCookie(context: BrowserContext, baseURL: string, email = uniqueEmail()) {
  const signedIn = await signInWithEmailCode(email);
  await putSessionInBrowser(context, baseURL, signedIn.client);
  return signedIn;
}

export { expectToast };

/** The course card of `code` on /professor. */
export function courseCard(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

/** Creates a course through the form on /professor (after onboarding was dismissed). */
export async function createCourse(page: Page, name: string, code: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Create course' });
  await form.getByLabel('Course Name').fill(name);
  await form.getByLabel('Course Code').fill(code);
  await form.getByRole('button', { name: 'Create Course' }).click();
  await expectToast(page, 'Success', 'Course created successfully');
  await expect(courseCard(page, name)).toBeVisible();
}

/** Creates today's link on a course card and returns it as the card shows it. */
export async function createTodaysLink(page: Page, name: string, topic = ''): Promise<string> {
  const card = courseCard(page, name);
  await expect(card.getByText('No active session for today')).toBeVisible();
  if (topic) await card.getByLabel('Topic for today (optional)').fill(topic);
  await card.getByRole('button', { name: "Create Today's Link" }).click();
  await expectToast(page, 'Success', "Today's class link created successfully");
  const link = (await card.getByTestId('class-link').textContent())?.trim() ?? '';
  expect(link).toMatch(/\/class\/[\w-]{22,}$/);
  return link;
}

/**
 * A professor signed in by cookie with one course (created through the API) and today's class
 * link for it, for tests about the screens rather than the set-up.
 */
export async function signedInWithCourse(context: BrowserContext, baseURL: string, name: string, code: string) {
  const professor = await signInByCookie(context, baseURL);
  const { data: course, error } = await professor.client
    .from('courses')
    .insert({ name, code, timezone: TIME_ZONE })
    .select('id, code, name')
    .single<{ id: string; code: string; name: string }>();
  if (error || !course) throw error ?? new Error('course not created');
  const { data: session, error: sessionError } = await professor.client.rpc('create_today_session', { course_id: course.id });
  if (sessionError) throw sessionError;
  return { professor, course, sessionId: (session as { sessionId: string }).sessionId };
}

/** One anonymous Variant A submission, as a student's browser would send it; its id and edit token. */
export async function submitFeedback(courseId: string, sessionId: string, topic: string): Promise<{ id: string; editToken: string }> {
  const { data, error } = await anonClient().functions.invoke('submissions', {
    body: { courseId, sessionId, topic, confusion: `Still unsure about ${topic}.`, difficultyLevel: 'slightly' },
  });
  if (error) throw error;
  return data as { id: string; editToken: string };
}

export { failRequests } from './network';

/**
 * Home again, signed out: the header offers "Professor Sign In" (behind the menu on a phone).
 * Waits for the landing page itself first: the address changes before the page's own code has
 * loaded, and the menu closes when it arrives, so a tap on "Menu" before then would be undone.
 */
export async function expectSignedOutAtHome(page: Page, isMobile: boolean): Promise<void> {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy-first feedback for better teaching and learning');
  if (isMobile) await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('link', { name: 'Professor Sign In' })).toBeVisible();
}
