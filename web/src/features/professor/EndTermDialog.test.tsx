// "End Term", with the façade's end_term given by the test (no stack): what the dialog says
// ending the term does, what it sends, and how it goes.
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import { toaster } from '../../shared/ui/toaster';
import { professorCourse } from '../../test/professorCourse';
import { renderInApp, screen } from '../../test/renderInApp';
import { expectToast } from '../../test/toasts';

const end = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
vi.mock('./api/end-term', async (original) => ({ ...(await original<object>()), useEndTerm: () => end }));

const { EndTermDialog } = await import('./EndTermDialog');

const COURSE = professorCourse();
const onClose = vi.fn();
let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  end.mutateAsync.mockResolvedValue({ id: COURSE.id, endedAt: '2026-12-15T18:00:00Z' });
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  end.isPending = false;
  vi.clearAllMocks();
});

const show = async () => {
  ({ unmount } = await renderInApp(<EndTermDialog course={COURSE} open onClose={onClose} />));
  return screen.findByRole('alertdialog', { name: 'End the term of COSC 1337 · Section 002?' });
};

describe('EndTermDialog', () => {
  it('says what ending the term does before doing it', async () => {
    const dialog = await show();
    expect(
      within(dialog).getByText((_, element) => element?.textContent === 'Programming Fundamentals (Fall 2026) is archived:'),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'It leaves course search, so students can no longer find it.',
      'Its class link stops working, and students can no longer send feedback.',
      'Your team keeps reading all of its feedback, on the dashboard and in the live view.',
    ]);
    expect(
      within(dialog).getByText('When the next term begins, "Start Next Term" on its card makes the new course with the same team.'),
    ).toBeTruthy();
    expect(end.mutateAsync).not.toHaveBeenCalled();
  });

  it('"End Term" ends this course’s term, says so and closes', async () => {
    const dialog = await show();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'End Term' }));
    await expectToast('Term ended', 'COSC 1337 · Section 002 (Fall 2026) has ended.');
    expect(end.mutateAsync).toHaveBeenCalledWith(COURSE.id);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('a failure says so and leaves the dialog open for another try', async () => {
    end.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const dialog = await show();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'End Term' }));
    await expectToast('Error', 'Failed to end the term');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'End Term' })).toBeTruthy();
  });

  it('"Cancel" closes it and ends nothing', async () => {
    const dialog = await show();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(end.mutateAsync).not.toHaveBeenCalled();
  });

  it('while it ends the term, both buttons are disabled and the red one says "Ending..."', async () => {
    end.isPending = true;
    const dialog = await show();
    const buttons = [within(dialog).getByRole('button', { name: 'Ending...' }), within(dialog).getByRole('button', { name: 'Cancel' })];
    expect(buttons.map((button) => (button as HTMLButtonElement).disabled)).toEqual([true, true]);
  });
});
