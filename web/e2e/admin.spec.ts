import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

test('/admin is the placeholder panel of the seed', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
  await expect(page.getByText('Anonymous Mode Active')).toBeVisible();
  await expect(page.getByText(/Admin functionality is disabled/)).toBeVisible();
  await expect(page.getByText('Admin Features Disabled')).toBeVisible();
  // The dashboard's CSV export is real, so the panel must not say exports are unavailable.
  await expect(page.getByText(/exports? (are|is) not available/i)).toHaveCount(0);
  await expect(page.getByText(/export their own feedback as CSV/)).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Feedback Dashboard' })).toHaveAttribute('href', '/professor/dashboard');
  await expect(main.getByRole('link', { name: 'Professor Dashboard' })).toHaveAttribute('href', '/professor');
  await expect(main.getByRole('link', { name: 'User Stories Management' })).toHaveAttribute('href', '/user-stories');
  await expect(main.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
  await expectNoSeriousA11yViolations(page);
});
