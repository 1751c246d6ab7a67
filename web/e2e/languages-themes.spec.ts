import { type Page, expect, test } from '@playwright/test';
import { SPANISH, es, expectSpanishDarkPage, storeSettings } from './support/language';
import { courseCard, signedInWithCourse, submitFeedback } from './support/professor';
import { latestEmail, sixDigitCode, uniqueCourseCode, uniqueEmail } from './support/stack';
import { TIME_ZONE, professorCourse } from './support/student';
import { closeToast } from './support/toast';
import { expectFormHydrated } from './support/forms';

test.use({ timezoneId: TIME_ZONE });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Opens a page and waits for its own first heading (not the loading screen's) before checking it. */
async function visit(page: Page, path: string, heading: string | RegExp = /\S/) {
  await page.goto(path);
  await expect(h1(page)).toHaveText(heading);
}

// At 375 px alone (the mobile project, by its tag).
test.describe('Spanish and dark mode, at 375 px', { tag: '@phone' }, () => {
  test('a student walks every student page in Spanish and dark mode', async ({ page, context }) => {
    test.setTimeout(120_000);
    await storeSettings(context, { language: 'es', theme: 'dark' });
    const { course, session } = await professorCourse({ withSession: true, topic: 'Recursión' });

    await visit(page, '/', es('Privacy-first feedback for better teaching and learning'));
    await expectSpanishDarkPage(page);
    await visit(page, '/?error=Vaya', es('Privacy-first feedback for better teaching and learning'));
    await expect(page.getByRole('alert')).toContainText('Vaya');
    await expectSpanishDarkPage(page);

    await visit(page, '/course-search', es('Find Your Course'));
    await expectSpanishDarkPage(page);
    await visit(page, `/courses/${course.id}`, course.code);
    await expectSpanishDarkPage(page);

    await page.goto(`/class/${session!.accessToken}`);
    await expect(page).toHaveURL(/\/class-session\?/);
    await expect(page.getByLabel(es("What's on your mind after this session?"))).toBeVisible();
    await expectSpanishDarkPage(page);

    // The feedback form: its validation messages, the toast and the private link, in Spanish.
    await visit(page, '/submit', es('Share What Confused You'));
    const form = page.getByRole('form', { name: es('Feedback') });
    // The form's own checks, once its island runs (a tap before it gets the browser's own bubble).
    await expectFormHydrated(form);
    await page.getByRole('button', { name: es('Submit Feedback'), exact: true }).click();
    await expect(page.getByText(es('Please select a course'))).toBeVisible();
    await expectSpanishDarkPage(page);
    await form.getByLabel(es('Course')).selectOption(course.id);
    await form.getByLabel(es('Topic')).fill('Recursión');
    await form.getByLabel(es('What confused you?')).fill('No veo cuándo termina la recursión.');
    await form.getByRole('radio', { name: es('Very confused') }).check();
    await page.getByRole('button', { name: es('Submit Feedback'), exact: true }).click();
    const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: es('Submission Sent!') });
    await expect(toast).toContainText(es('Thank you for your feedback. Your submission has been sent anonymously.'));
    await expectSpanishDarkPage(page);
    await closeToast(toast, es('Close notification'));
    const link = await page.getByRole('textbox', { name: es('Your private track link') }).inputValue();
    await expectSpanishDarkPage(page);

    await visit(page, new URL(link).pathname, es('Your Anonymous Feedback'));
    await expect(page.getByRole('form', { name: es('Feedback') }).getByLabel(es('Topic'))).toHaveValue('Recursión');
    await expectSpanishDarkPage(page);
    await page.goto('/track/garbage');
    await expect(page.getByText(es('Submission Not Found'))).toBeVisible();
    await expectSpanishDarkPage(page);

    await visit(page, '/user-stories', es('User Stories'));
    await page.getByRole('button', { name: es('New Story') }).click();
    await expectSpanishDarkPage(page);

    for (const path of ['/admin', '/auth', '/api/login', '/no-such-page']) {
      await visit(page, path);
      await expectSpanishDarkPage(page);
    }
  });

  test('a professor walks every professor page in Spanish and dark mode', async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await storeSettings(context, { language: 'es', theme: 'dark' });
    const code = uniqueCourseCode('ES');
    const { course, sessionId } = await signedInWithCourse(context, baseURL!, `Curso ${code}`, code);
    await submitFeedback(course.id, sessionId, 'Integrales');

    await visit(page, '/professor');
    await expect(courseCard(page, course.name)).toBeVisible();
    await expectSpanishDarkPage(page);
    await courseCard(page, course.name)
      .getByRole('button', { name: es('QR Code') })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
    await expectSpanishDarkPage(page);
    await page.keyboard.press('Escape');

    await visit(page, '/professor/dashboard');
    await expect(page.getByText('Integrales').first()).toBeVisible();
    await expectSpanishDarkPage(page);

    await visit(page, `/professor/live/${course.id}`);
    await expect(page.getByTestId('live-responses')).toContainText(es('{{n}} response', { n: 1 }));
    await expectSpanishDarkPage(page);
  });
});

test('a professor signs in from the Spanish page with a Spanish e-mail, and the server’s refusals read in Spanish', async ({
  page,
  context,
  baseURL,
}) => {
  await storeSettings(context, { language: 'es' });
  const email = uniqueEmail('es');
  await page.goto('/api/login');
  const asked = new Date(Date.now() - 1000);
  await page.getByLabel(es('E-mail address')).fill(email);
  await page.getByRole('button', { name: es('Send sign-in code') }).click();
  await expect(h1(page)).toHaveText(es('Check your e-mail'));
  const mail = await latestEmail(email, asked);
  expect(mail.Subject).toBe('Tu enlace para iniciar sesión');
  expect(mail.Text).toContain(`Tu código para iniciar sesión es ${sixDigitCode(mail)}`);
  await page.getByLabel(es('Sign-in code')).fill(sixDigitCode(mail));
  await page
    .getByRole('main')
    .getByRole('button', { name: es('Sign In'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/professor$/);

  // Inviting oneself: the team function refuses with code invite_self, shown in Spanish.
  const code = uniqueCourseCode('EQ');
  const { professor } = await signedInWithCourse(context, baseURL!, `Equipo ${code}`, code);
  await page.goto('/professor');
  await courseCard(page, `Equipo ${code}`)
    .getByRole('button', { name: es('Team of {{code}}', { code }) })
    .click();
  const dialog = page.getByRole('dialog', { name: es('Team of {{code}}', { code }) });
  await dialog.getByLabel(es('E-mail address')).fill(professor.email);
  await dialog.getByLabel(es('Role')).selectOption({ label: es('Co-instructor') });
  await dialog.getByRole('button', { name: es('Send Invitation') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(es('You cannot invite yourself: you own this course.'));
});

test.describe('a first visit from a Spanish browser', { tag: '@both' }, () => {
  test.use({ locale: 'es-MX' });

  test('is in Spanish, and a choice in the footer or header is kept on this browser', async ({ page, isMobile }) => {
    await visit(page, '/course-search', es('Find Your Course'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await page
      .getByRole('contentinfo')
      .getByRole('combobox', { name: es('Language') })
      .selectOption('en');
    await expect(h1(page)).toHaveText('Find Your Course');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(h1(page)).toHaveText('Find Your Course');

    if (isMobile) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('banner').getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  });
});

test('a prerendered page paints in the stored language and theme before any script has run', async ({ page, context }) => {
  await storeSettings(context, { language: 'es', theme: 'dark' });
  // No app code at all: what shows is the HTML file and its inline scripts.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/submit');
  await expect(h1(page)).toHaveText(es('Share What Confused You'));
  await expect(page).toHaveTitle(es('Submit Feedback · ClassPulse'));
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByText(SPANISH['100% Anonymous']!, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Share What Confused You')).toHaveCount(0);
});
