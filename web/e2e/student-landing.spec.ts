import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

const EXPIRED = 'Session not found or expired. Please ask your professor for a new link.';

test('?error= shows its banner in red', async ({ page }) => {
  // Its text, and that it leaves the address bar: LandingPage.test.tsx. Its colour and contrast are the browser's to compute.
  await page.goto(`/?error=${encodeURIComponent('Something & something else went wrong')}`);
  const banner = page.getByRole('alert');
  await expect(banner).toHaveText('Something & something else went wrong');
  // Destructive: a red background.
  const [red, green, blue] = (await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
  expect(red).toBeGreaterThan(150);
  expect(red! - Math.max(green!, blue!)).toBeGreaterThan(80);
  await expectNoSeriousA11yViolations(page);
});

test('an unknown class link lands on the landing page with the expired-link banner and a clean address bar', async ({ page }) => {
  await page.goto('/class/not-a-real-token-0000000000000');
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy-first feedback for better teaching and learning');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).search).toBe('');
});
