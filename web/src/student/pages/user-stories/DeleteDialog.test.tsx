import { act, render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import { ApiError } from '../../../lib/errors';
import Toaster from '../../ui/Toaster.island';
import { deleteUserStory } from './api/delete-user-story';
import { DeleteDialog } from './DeleteDialog';
import { aStory, dismissAllToasts } from './storyFixtures';

vi.mock('./api/delete-user-story', () => ({ deleteUserStory: vi.fn() }));

const story = aStory({ id: 'doomed', title: 'As a student, I want to delete this' });

function Board({ onDeleted = () => {} }: { onDeleted?: () => void }) {
  const [deleting, setDeleting] = useState<typeof story | null>(story);
  return (
    <>
      <DeleteDialog story={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
      <Toaster />
    </>
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'Delete User Story' });

beforeEach(() => vi.mocked(deleteUserStory).mockReset());
afterEach(() => {
  dismissAllToasts();
  act(() => setLanguage('en'));
});

describe('DeleteDialog', () => {
  it('asks first, saying what goes with the story', () => {
    render(<Board />);
    expect(dialog()).toHaveAccessibleDescription(
      `“${story.title}”, its votes and any stories merged into it will be removed. This cannot be undone.`,
    );
    expect(deleteUserStory).not.toHaveBeenCalled();
  });

  it('deletes the story, then closes', async () => {
    const onDeleted = vi.fn();
    vi.mocked(deleteUserStory).mockResolvedValueOnce({ id: story.id, deleted: true });
    render(<Board onDeleted={onDeleted} />);
    await userEvent.click(within(dialog()!).getByRole('button', { name: 'Delete' }));
    expect(deleteUserStory).toHaveBeenCalledWith('doomed');
    expect(await screen.findByRole('status', { name: 'Success' })).toHaveTextContent('User story deleted successfully!');
    expect(dialog()).toBeNull();
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('closes with its failure toast when the story could not be deleted', async () => {
    const onDeleted = vi.fn();
    vi.mocked(deleteUserStory).mockRejectedValueOnce(new ApiError(403, 'Forbidden'));
    render(<Board onDeleted={onDeleted} />);
    await userEvent.click(within(dialog()!).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status', { name: 'Error' })).toHaveTextContent('Failed to delete user story');
    expect(dialog()).toBeNull();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('is busy while deleting, and Cancel deletes nothing', async () => {
    vi.mocked(deleteUserStory).mockReturnValueOnce(new Promise(() => {}));
    const { unmount } = render(<Board />);
    await userEvent.click(within(dialog()!).getByRole('button', { name: 'Delete' }));
    expect(within(dialog()!).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    unmount();
    render(<Board />);
    await userEvent.click(within(dialog()!).getByRole('button', { name: 'Cancel' }));
    expect(dialog()).toBeNull();
  });

  it('speaks Spanish', () => {
    addCatalog('es', spanish);
    act(() => setLanguage('es'));
    render(<Board />);
    const spanishDialog = screen.getByRole('dialog', { name: 'Eliminar historia de usuario' });
    expect(within(spanishDialog).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    expect(spanishDialog).toHaveTextContent('Esto no se puede deshacer.');
  });
});
