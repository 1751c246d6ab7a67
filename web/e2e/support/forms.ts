// Helpers for the student forms' specs.
import { type Locator, expect } from '@playwright/test';

/** Each of `messages` is shown in `form`, word for word (a form's validation messages). */
export async function expectMessages(form: Locator, messages: string[]): Promise<void> {
  for (const message of messages) await expect(form.getByText(message, { exact: true })).toBeVisible();
}
