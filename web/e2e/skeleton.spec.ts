import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

test('the course list shows the seeded courses', async ({ page }) => {
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'COSC 1337 - Introduction to Programming' })).toBeVisible();
  await expect(page.getByText(/^MATH 2413 - /)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('any other path reads "404 Page Not Found"', async ({ page }) => {
  await page.goto(`/no-such-page-${Date.now()}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expectNoSeriousA11yViolations(page);
});

test('the header offers sign-in to visitors', async ({ page, isMobile }) => {
  await page.goto('/courses');
  if (isMobile) await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Submit Feedback' })).toHaveAttribute('href', '/submit');
  await expect(nav.getByRole('link', { name: 'Professor Sign In' })).toHaveAttribute('href', '/auth');
  await expect(nav.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/auth');
  await expect(nav.getByRole('link', { name: 'Professor Dashboard' })).toHaveCount(0);
});
