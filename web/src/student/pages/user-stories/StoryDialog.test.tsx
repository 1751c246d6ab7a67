import { fireEvent, render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Toaster from '../../ui/Toaster.island';
import { notify } from '../../ui/toaster';
import { dismissAllToasts } from './storyFixtures';
import { StoryDialog } from './StoryDialog';

afterEach(dismissAllToasts);

function Frame({ open, onClose = () => {} }: { open: boolean; onClose?: () => void }) {
  return (
    <StoryDialog
      id="test"
      open={open}
      onClose={onClose}
      title="Delete User Story"
      description="It cannot be undone."
      footer={<button>Cancel</button>}
    >
      <p>The body</p>
    </StoryDialog>
  );
}

describe('StoryDialog', () => {
  it('shows nothing while closed', () => {
    render(<Frame open={false} />);
    expect(screen.queryByRole('dialog', { name: 'Delete User Story' })).toBeNull();
    expect(screen.queryByText('The body')).toBeNull();
  });

  it('opens as a modal dialog named by its title and described by its description', () => {
    render(<Frame open />);
    const dialog = screen.getByRole('dialog', { name: 'Delete User Story' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    expect(screen.getByRole('heading', { name: 'Delete User Story' })).toBeInTheDocument();
    expect(screen.getByText('The body')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes on Escape and on a press beside it, not on a press inside it', async () => {
    const onClose = vi.fn();
    render(<Frame open onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(screen.getByText('The body'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent(dialog, new Event('cancel'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('holds the page’s toasts while open (the page behind is inert), and gives them back when closed', () => {
    render(<Toaster />);
    const { rerender } = render(<Frame open={false} />);
    const region = screen.getByRole('region', { name: /Notifications/ });
    const home = region.parentElement;
    rerender(<Frame open />);
    expect(screen.getByRole('dialog').contains(region)).toBe(true);
    fireEvent.click(region);
    rerender(<Frame open={false} />);
    expect(region.parentElement).toBe(home);
    expect(document.body.style.overflow).toBe('');
  });

  it('stays open when its toast is closed', async () => {
    const onClose = vi.fn();
    render(<Toaster />);
    render(<Frame open onClose={onClose} />);
    notify({ type: 'error', title: 'Error', description: 'Failed to delete user story' });
    await userEvent.click(await screen.findByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Failed to delete user story')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
