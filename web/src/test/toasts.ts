// The app's toasts as a user meets them in a component test: a status named by its title.
import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { screen } from './renderInApp';

/** Waits for the toast titled `title` that says `description` (both word for word); returns it. */
export async function expectToast(title: string, description: string): Promise<HTMLElement> {
  // A generous wait: the toaster's view loads lazily, and a busy machine may be slow to bring it.
  const toast = await screen.findByRole('status', { name: title }, { timeout: 3000 });
  expect(within(toast).getByText(description)).toBeTruthy();
  return toast;
}

/** Closes a toast as its user would (one shows at a time: the next waits behind it). */
export async function closeToast(toast: HTMLElement): Promise<void> {
  await userEvent.setup().click(within(toast).getByRole('button', { name: 'Close notification' }));
}
