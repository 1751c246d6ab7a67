import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInByCookie } from './support/professor';
import { holdRequests } from './support/student';

test('any other path reads "404 Page Not Found", and /courses alone is one', async ({ page }) => {
  await page.goto(`/no-such-page-${Date.now()}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
});

test('the header stays on screen while the page scrolls', async ({ page }) => {
  // Its links for a visitor, at both widths and in the phone menu: SiteHeader.test.tsx. Its position is the browser's to compute.
  await page.goto('/course-search');
  await expect(page.locator('header')).toHaveCSS('position', 'sticky');
});

test(
  "a signed-in professor's header offers Professor Dashboard and Sign Out, and never flashes the sign-in links",
  { tag: '@both' },
  async ({ page, context, baseURL, isMobile }) => {
    await signInByCookie(context, baseURL!);
    // Hold the sign-in check: until it answers the header shows neither set of links.
    const check = await holdRequests(page, '**/auth/v1/user');
    await page.goto('/course-search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Course');
    if (isMobile) {
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await page.getByRole('button', { name: 'Menu' }).click();
    }
    const nav = page.getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Submit Feedback' })).toBeVisible();
    for (const name of ['Professor Sign In', 'Sign In', 'Professor Dashboard', 'Sign Out']) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }

    check.release();
    await expect(nav.getByRole('link', { name: 'Professor Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Professor Dashboard' })).toHaveAttribute('href', '/professor');
    await expect(nav.getByRole('link', { name: 'Sign Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
    await expect(nav.getByRole('link', { name: 'Professor Sign In' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Professor Dashboard leads to the professor's courses (and closes the mobile menu).
    await nav.getByRole('link', { name: 'Professor Dashboard' }).click();
    await expect(page).toHaveURL(/\/professor$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Course Management' })).toBeVisible();
    if (isMobile) await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
  },
);

test(
  'the mobile menu opens and closes from the keyboard; wide screens show the links instead',
  { tag: '@both' },
  async ({ page, isMobile }) => {
    await page.goto('/course-search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Course');
    const menu = page.getByRole('button', { name: 'Menu' });
    if (!isMobile) {
      // The menu button exists only below the md breakpoint.
      await expect(menu).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
      return;
    }
    // The page's menu button is disabled until the page's script listens; the header's island hydrates at its first use.
    await expect(menu).toBeEnabled();
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
  },
);
