import { act, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carryToasts } from '../../lib/carriedToasts';
import { TOASTING_MARK } from '../runtime/pageMarks';
import Toaster from './Toaster.island';
import { TOAST_DURATION, dismissToast, notify, shownToast } from './toaster';

const toast = () => screen.queryByRole('status');

beforeEach((context) => {
  if (!context.task.name.includes('F8')) vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  while (shownToast()) dismissToast();
  vi.useRealTimers();
});

describe('the toaster', () => {
  it('shows one toast at a time with its title and text, the next in its turn, each for 5 s', async () => {
    render(<Toaster />);
    act(() => {
      notify({ type: 'success', title: 'Copied!', description: 'Link copied to clipboard' });
      notify({ type: 'error', title: 'Error', description: 'Failed to copy to clipboard' });
    });
    const first = toast()!;
    expect(first).toHaveAttribute('data-type', 'success');
    expect(within(first).getByText('Copied!')).toHaveAttribute('data-part', 'title');
    expect(within(first).getByText('Link copied to clipboard')).toHaveAttribute('data-part', 'description');
    expect(screen.queryByText('Failed to copy to clipboard')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION);
    });
    expect(screen.getByText('Failed to copy to clipboard')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION);
    });
    expect(toast()).toBeNull();
  });

  it('marks the page while a toast is there, so that the toaster of a page that has not used it yet hydrates', () => {
    const page = document.documentElement;
    act(() => notify({ type: 'info', title: 'Saved' }));
    expect(page).toHaveAttribute(TOASTING_MARK);
    render(<Toaster />);
    expect(within(toast()!).getByText('Saved')).toBeInTheDocument();
    act(() => dismissToast());
    expect(page).not.toHaveAttribute(TOASTING_MARK);
  });

  it('waits while the pointer is on it, and closes by its button', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Toaster />);
    act(() => notify({ type: 'error', title: 'Error', description: 'Failed to find course. Please try again.' }));
    await user.hover(screen.getByRole('region'));
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION * 2);
    });
    expect(toast()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(toast()).toBeNull();
  });

  it('takes focus with F8, closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button>before</button>
        <Toaster />
      </>,
    );
    screen.getByRole('button', { name: 'before' }).focus();
    act(() => notify({ type: 'success', title: 'Updated!', description: 'Your feedback has been updated successfully.' }));
    await user.keyboard('{F8}');
    expect(screen.getByRole('region')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toast()).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'before' })).toHaveFocus());
  });

  it('shows a toast the professor app carried to this page, once', () => {
    carryToasts([{ type: 'success', title: 'Account deleted', description: 'Your account and the courses you owned were deleted' }]);
    const { unmount } = render(<Toaster />);
    expect(within(toast()!).getByText('Account deleted')).toHaveAttribute('data-part', 'title');
    expect(toast()).toHaveTextContent('Your account and the courses you owned were deleted');
    act(() => dismissToast());
    unmount();
    render(<Toaster />);
    expect(toast()).toBeNull();
  });
});
