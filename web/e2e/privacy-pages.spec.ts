// The privacy policy and the accessibility statement, reached from the footers, in English and in
// Spanish (dark theme). Not web/e2e/privacy.spec.ts: that is the database scan of the `privacy` project.
import { type Page, expect, test } from '@playwright/test';
import { es, expectSpanishDarkPage, storeSettings } from './support/language';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

// Its sections, who sees what, what is kept, every table (axe): PrivacyPage.test.tsx "privacy: …"; here, the way there.
test('the privacy policy, from the landing page footer, opens at its top; "How it Works" at its section', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(h1(page)).toHaveText('Privacy Policy');
  await expect(page).toHaveTitle('Privacy Policy · ClassPulse');
  // A page opened from the bottom of another starts at its top.
  await expect(h1(page)).toBeInViewport();

  // "How it Works" is the page's section of that name.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'How it Works' }).click();
  await expect(page).toHaveURL(/\/privacy#how-it-works$/);
  await expect(h2(page, 'How it works')).toBeInViewport();
});

// Its target, how it is tested, the exceptions, the board's link (axe): PrivacyPage.test.tsx "accessibility: …"; here, the way.
test('the accessibility statement, from the footer of every other page, and on to the board and the privacy policy', async ({ page }) => {
  await page.goto('/course-search');
  await expect(h1(page)).toHaveText('Find Your Course');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(h1(page)).toHaveText('Accessibility');
  await expect(page).toHaveTitle('Accessibility · ClassPulse');

  const report = page.getByRole('region', { name: 'Report a problem' });
  await report.getByRole('link', { name: 'user stories board' }).click();
  await expect(page).toHaveURL(/\/user-stories$/);
  await page.goBack();
  await expect(h1(page)).toHaveText('Accessibility');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(h1(page)).toHaveText('Privacy Policy');
});

test('both pages in Spanish and the dark theme, from the footer of the feedback form', async ({ page, context }) => {
  await storeSettings(context, { language: 'es', theme: 'dark' });
  await page.goto('/submit');
  await expect(h1(page)).toHaveText(es('Share What Confused You'));

  await page
    .getByRole('navigation', { name: es('About ClassPulse') })
    .getByRole('link', { name: es('Privacy Policy') })
    .click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(h1(page)).toHaveText(es('Privacy Policy'));
  await expect(page).toHaveTitle(es('Privacy Policy · ClassPulse'));
  await expect(h2(page, es('What your professor cannot learn'))).toBeVisible();
  await expect(page.getByText(es('Rate-limit counters: 48 hours.'))).toBeVisible();
  await expectSpanishDarkPage(page);

  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: es('Accessibility') })
    .click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(h1(page)).toHaveText(es('Accessibility'));
  await expect(h2(page, es('Known exceptions'))).toBeVisible();
  await expect(page.getByRole('link', { name: es('user stories board') })).toHaveAttribute('href', '/user-stories');
  await expectSpanishDarkPage(page);
});

test('both pages fit a screen 320 px wide, and paint before the app code has loaded', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const [path, heading] of [
    ['/privacy', 'Privacy Policy'],
    ['/accessibility', 'Accessibility'],
  ] as const) {
    await page.goto(path);
    await expect(h1(page)).toHaveText(heading);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
  }

  // The build prerenders both, as it does the other public pages (web/scripts/prerender.ts).
  await page.route('**/assets/**/*.js', (route) => route.abort());
  for (const [path, heading] of [
    ['/privacy', 'Privacy Policy'],
    ['/accessibility', 'Accessibility'],
  ] as const) {
    await page.goto(path);
    await expect(h1(page)).toHaveText(heading);
    await expect(page.getByRole('heading', { level: 2, name: 'Data inventory' })).toHaveCount(path === '/privacy' ? 1 : 0);
  }
});
