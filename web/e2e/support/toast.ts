import { type Locator, type Page, expect } from '@playwright/test';

/** Asserts the visible toast's title and text exactly, then closes it so a queued one can show. */
export async function expectToast(page: Page, title: string, description: string, closeLabel?: string): Promise<void> {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: description });
  await expect(toast).toBeVisible();
  await toast.hover(); // as a reader does: it pauses the toast's 5 s, which a loaded machine can use up
  await expect(toast.locator('[data-part="title"]')).toHaveText(title);
  await expect(toast.locator('[data-part="description"]')).toHaveText(description);
  await closeToast(toast, closeLabel);
}

/**
 * Clicks a toast's close button until the toast has gone. Once, in CI on a loaded machine, a
 * single close click left the toast open (and paused, the pointer being on it) for good. Our
 * guess is the toast library's "pause" (pointer on the toast) landing just after its "dismiss"
 * (the click); 200 tries here, some on a throttled CPU, never repeated it. A person then clicks
 * again, and so does this helper. A toast that no click closes still fails the test.
 */
export async function closeToast(toast: Locator, label = 'Close notification'): Promise<void> {
  await expect(async () => {
    if (await toast.isVisible()) await toast.getByRole('button', { name: label }).click({ timeout: 2_000 });
    await expect(toast).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
}
