// The privacy policy and the accessibility statement, reached from the footers, in English and in
// Spanish (dark theme). Not web/e2e/privacy.spec.ts: that is the database scan of the `privacy` project.
import { type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { es, expectSpanishDarkPage, storeSettings } from './support/language';
import { DATA_INVENTORY } from '../src/student/pages/privacy/inventory';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

test('the privacy policy, from the landing page footer: who sees what, what is kept, and every table', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(h1(page)).toHaveText('Privacy Policy');
  await expect(page).toHaveTitle('Privacy Policy · ClassPulse');
  for (const section of [
    'In short',
    'How it works',
    'Who can see what',
    'What your professor cannot learn',
    'What is never stored',
    'What is stored, and for how long',
    'On your device',
    'Data inventory',
  ]) {
    await expect(h2(page, section)).toBeVisible();
  }
  // A page opened from the bottom of another starts at its top.
  await expect(h1(page)).toBeInViewport();

  const who = page.getByRole('region', { name: 'Who can see what' });
  for (const audience of ['Students', 'The public', 'Your professor and their teaching team (co-instructors and TAs)', 'App owners']) {
    await expect(who.getByText(audience, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'What your professor cannot learn' })).toContainText('in whole groups of three');
  await expect(page.getByRole('region', { name: 'What is never stored' })).toContainText('IP addresses, not even as a plain hash.');
  await expect(page.getByRole('region', { name: 'What is stored, and for how long' })).toContainText('Rate-limit counters: 48 hours.');
  await expect(page.getByRole('region', { name: 'On your device' })).toContainText('classpulse.rememberedFeedback');

  const inventory = page.getByRole('region', { name: 'Data inventory' });
  for (const table of DATA_INVENTORY) {
    const card = inventory.getByRole('article', { name: `${table.schema}.${table.name}`, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveText([...table.columns]);
  }
  await expectNoSeriousA11yViolations(page);

  // "How it Works" is the page's section of that name.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'How it Works' }).click();
  await expect(page).toHaveURL(/\/privacy#how-it-works$/);
  await expect(h2(page, 'How it works')).toBeInViewport();
});

test('the accessibility statement, from the footer of every other page', async ({ page }) => {
  await page.goto('/course-search');
  await expect(h1(page)).toHaveText('Find Your Course');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(h1(page)).toHaveText('Accessibility');
  await expect(page).toHaveTitle('Accessibility · ClassPulse');
  await expect(page.getByText(/WCAG\) 2\.2 at level AA/)).toBeVisible();

  const testing = page.getByRole('region', { name: 'How it is tested' });
  await expect(testing.getByText('web/e2e/a11y.ts', { exact: true })).toBeVisible();
  await expect(testing.getByText('web/e2e/keyboard-walk.spec.ts', { exact: true })).toBeVisible();
  await expect(testing).toContainText('320 px');
  await expect(testing).toContainText('dark theme');
  await expect(page.getByRole('region', { name: 'Known exceptions' }).getByRole('listitem')).toHaveCount(3);

  const report = page.getByRole('region', { name: 'Report a problem' });
  await report.getByRole('link', { name: 'user stories board' }).click();
  await expect(page).toHaveURL(/\/user-stories$/);
  await page.goBack();
  await expect(h1(page)).toHaveText('Accessibility');
  await expectNoSeriousA11yViolations(page);

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
