// "Start Next Term", with the façade's start_next_term given by the test (no stack): the term it
// proposes, what it refuses before sending, what it sends, and where each failure is said.
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import { toaster } from '../../shared/ui/toaster';
import { professorCourse } from '../../test/professorCourse';
import { renderInApp, screen } from '../../test/renderInApp';
import { expectToast } from '../../test/toasts';
import { courseClash } from './api/course-input';

const start = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
vi.mock('./api/start-next-term', async (original) => ({ ...(await original<object>()), useStartNextTerm: () => start }));

const { StartNextTermDialog } = await import('./StartNextTermDialog');

const COURSE = professorCourse({ endedAt: '2026-12-15T18:00:00Z' });
const onClose = vi.fn();
let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  start.mutateAsync.mockImplementation(async ({ term }: { term: string }) => ({ ...COURSE, id: 'next', term: term.trim() }));
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  start.isPending = false;
  vi.clearAllMocks();
});

const show = async () => {
  ({ unmount } = await renderInApp(<StartNextTermDialog course={COURSE} open onClose={onClose} />));
  const dialog = await screen.findByRole('dialog', { name: 'Start the next term of COSC 1337 · Section 002' });
  return { dialog, term: within(dialog).getByRole('textbox', { name: 'Term' }) as HTMLInputElement };
};
const errorsIn = (element: HTMLElement) => [...element.querySelectorAll('[data-part="error-text"]')].map((error) => error.textContent);

describe('StartNextTermDialog', () => {
  it('proposes the term after the course’s own and makes that course, with the same team', async () => {
    const { dialog, term } = await show();
    expect(
      within(dialog).getByText(
        'A new course for the next term, with the same code, name, section, settings and team. Its feedback starts empty.',
      ),
    ).toBeTruthy();
    expect(term.value).toBe('Spring 2027');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Start Next Term' }));
    await expectToast('Success', 'COSC 1337 · Section 002 for Spring 2027 is ready, with the same team.');
    expect(start.mutateAsync).toHaveBeenCalledWith({ course: COURSE, term: 'Spring 2027' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('sends the term the professor typed instead', async () => {
    const { dialog, term } = await show();
    const user = userEvent.setup();
    await user.clear(term);
    await user.type(term, 'Summer 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Start Next Term' }));
    await expectToast('Success', 'COSC 1337 · Section 002 for Summer 2027 is ready, with the same team.');
    expect(start.mutateAsync).toHaveBeenCalledWith({ course: COURSE, term: 'Summer 2027' });
  });

  it('an empty term is refused under the field, and nothing is sent', async () => {
    const { dialog, term } = await show();
    const user = userEvent.setup();
    await user.clear(term);
    await user.click(within(dialog).getByRole('button', { name: 'Start Next Term' }));
    await waitFor(() => expect(errorsIn(dialog)).toEqual(['Term is required']));
    expect(start.mutateAsync).not.toHaveBeenCalled();
  });

  it('a course of that term already: the server’s sentence under the field, the seed’s text in the toast', async () => {
    start.mutateAsync.mockRejectedValue(courseClash({ code: 'COSC 1337', section: '002', term: 'Spring 2027' }));
    const { dialog } = await show();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Start Next Term' }));
    await expectToast('Error', 'Failed to start the next term');
    expect(errorsIn(dialog)).toEqual(['COSC 1337 section 002 already exists for Spring 2027. Change the section or the term.']);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('without a server answer, only the toast says so', async () => {
    start.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const { dialog } = await show();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Start Next Term' }));
    await expectToast('Error', 'Failed to start the next term');
    expect(errorsIn(dialog)).toEqual([]);
    expect(screen.queryByText('Failed to fetch')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('"Cancel" closes it and starts nothing', async () => {
    const { dialog } = await show();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(start.mutateAsync).not.toHaveBeenCalled();
  });

  it('while it starts the term, both buttons are disabled and the main one says "Starting..."', async () => {
    start.isPending = true;
    const { dialog } = await show();
    const buttons = [within(dialog).getByRole('button', { name: 'Starting...' }), within(dialog).getByRole('button', { name: 'Cancel' })];
    expect(buttons.map((button) => (button as HTMLButtonElement).disabled)).toEqual([true, true]);
  });
});
