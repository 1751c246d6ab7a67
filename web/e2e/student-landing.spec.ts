import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

const EXPIRED = 'Session not found or expired. Please ask your professor for a new link.';

test('the landing page shows the headline, claims, both audiences and its calls to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy-first feedback for better teaching and learning');
  for (const claim of ['100% Anonymous', 'Real-time Insights', 'Class-wide Analytics']) {
    await expect(page.getByText(claim, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Find My Course & Submit Feedback' })).toHaveAttribute('href', '/course-search');
  await expect(page.getByRole('link', { name: 'Explore Professor Tools' })).toHaveCount(2);
  for (const link of await page.getByRole('link', { name: 'Explore Professor Tools' }).all()) {
    await expect(link).toHaveAttribute('href', '/professor');
  }

  const students = page.getByRole('region', { name: 'For Students' });
  for (const title of ['Complete Anonymity', 'Better Learning', 'Voice Your Concerns']) {
    await expect(students.getByRole('heading', { level: 3, name: title })).toBeVisible();
  }
  const professors = page.getByRole('region', { name: 'For Professors' });
  for (const title of [
    'Real-time Feedback',
    'Pattern Recognition',
    'Teaching Insights',
    'Course Improvement',
    'Student Engagement',
    'Early Intervention',
  ]) {
    await expect(professors.getByRole('heading', { level: 3, name: title })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Find Your Course' })).toHaveAttribute('href', '/course-search');

  // Its own footer: the privacy and accessibility pages, two placeholder links that go nowhere, and Admin.
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'How it Works' })).toHaveAttribute('href', '/privacy#how-it-works');
  await expect(footer.getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');
  for (const label of ['Support', 'About']) {
    await footer.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(footer.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  await expect(page.getByRole('link', { name: /© \d{4} ClassPulse/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the primary call to action leads to course search', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Find My Course & Submit Feedback' }).click();
  await expect(page).toHaveURL(/\/course-search$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Course');
});

test('?error= shows its decoded text in a red banner and leaves the address bar', async ({ page }) => {
  await page.goto(`/?error=${encodeURIComponent('Something & something else went wrong')}`);
  const banner = page.getByRole('alert');
  await expect(banner).toHaveText('Something & something else went wrong');
  // Destructive: a red background.
  const [red, green, blue] = (await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
  expect(red).toBeGreaterThan(150);
  expect(red! - Math.max(green!, blue!)).toBeGreaterThan(80);
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).search).toBe('');
  await expectNoSeriousA11yViolations(page);

  // Without the parameter there is no banner.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an unknown class link lands on the landing page with the expired-link banner and a clean address bar', async ({ page }) => {
  await page.goto('/class/not-a-real-token-0000000000000');
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy-first feedback for better teaching and learning');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).search).toBe('');
});
