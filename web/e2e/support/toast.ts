import { type Page, expect } from '@playwright/test';

/** Asserts the visible toast's title and text exactly, then closes it so a queued one can show. */
export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: description });
  await expect(toast).toBeVisible();
  await expect(toast.locator('[data-part="title"]')).toHaveText(title);
  await expect(toast.locator('[data-part="description"]')).toHaveText(description);
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toBeHidden();
}
