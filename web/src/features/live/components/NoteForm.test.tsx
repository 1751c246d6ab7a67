// "You said, we did" on the live view, with the façade's notes and create given by the test (no
// stack): what it refuses word for word, what it sends, what it says, and the notes it lists (this
// session's, and the earlier note whose check question today's students answer).
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors';
import type { SessionNote } from '../../../shared/api/get-course-notes';
import { toaster } from '../../../shared/ui/toaster';
import { renderInApp, screen } from '../../../test/renderInApp';
import { expectToast } from '../../../test/toasts';

const create = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
const notes = vi.hoisted(() => ({ current: [] as SessionNote[], checkId: undefined as string | undefined }));
vi.mock('../../../shared/api/create-session-note', async (original) => ({
  ...(await original<object>()),
  useCreateSessionNote: () => create,
}));
vi.mock('../../../shared/api/get-course-notes', async (original) => ({
  ...(await original<object>()),
  useCourseNotes: () => ({ data: notes.current }),
}));
vi.mock('../../../shared/api/get-follow-up-check', async (original) => ({
  ...(await original<object>()),
  useFollowUpCheck: () => ({ data: notes.checkId ? { noteId: notes.checkId } : null }),
}));

const { NoteForm } = await import('./NoteForm');

const note = (id: string, sessionId: string, body: string, more: Partial<SessionNote> = {}): SessionNote => ({
  id,
  sessionId,
  sessionDate: '2026-10-05',
  body,
  createdAt: '2026-10-05T15:00:00Z',
  ...more,
});

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  notes.current = [];
  notes.checkId = undefined;
  create.mutateAsync.mockResolvedValue({ id: 'n-new' });
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  vi.clearAllMocks();
});

async function show() {
  ({ unmount } = await renderInApp(<NoteForm courseId="c1" sessionId="s-today" />));
  const form = screen.getByRole('form', { name: 'Post a note' });
  return {
    form,
    body: within(form).getByRole('textbox', { name: 'Note for students' }) as HTMLTextAreaElement,
    question: within(form).getByRole('textbox', { name: 'Check question (optional)' }) as HTMLInputElement,
    post: () => userEvent.setup().click(within(form).getByRole('button', { name: 'Post Note' })),
  };
}
const errorsIn = (form: HTMLElement) => [...form.querySelectorAll('[data-part="error-text"]')].map((error) => error.textContent);

describe('NoteForm', () => {
  it('refuses an empty note, word for word, and sends nothing', async () => {
    const { form, body, post } = await show();
    await userEvent.setup().type(body, '   ');
    await post();
    await waitFor(() => expect(errorsIn(form)).toEqual(['A note must be 1 to 1000 characters long.']));
    expect(body.getAttribute('aria-invalid')).toBe('true');
    expect(create.mutateAsync).not.toHaveBeenCalled();
  });

  it('sends the note and its check question for today’s session, says so and empties the form', async () => {
    const { body, question, post } = await show();
    const user = userEvent.setup();
    await user.type(body, '  Next class I will redo the recursion example ');
    await user.type(question, 'Is recursion clearer now?');
    await post();
    await expectToast('Success', 'Note posted');
    expect(create.mutateAsync).toHaveBeenCalledWith({
      sessionId: 's-today',
      body: 'Next class I will redo the recursion example',
      checkQuestion: 'Is recursion clearer now?',
    });
    expect([body.value, question.value]).toEqual(['', '']);
  });

  it('sends no check question when it is left blank', async () => {
    const { body, post } = await show();
    await userEvent.setup().type(body, 'More examples');
    await post();
    await expectToast('Success', 'Note posted');
    expect(create.mutateAsync).toHaveBeenCalledWith({ sessionId: 's-today', body: 'More examples', checkQuestion: null });
  });

  it('says a refusal in the server’s words and keeps the note', async () => {
    create.mutateAsync.mockRejectedValue(new ApiError(404, 'Class session not found'));
    const { body, post } = await show();
    await userEvent.setup().type(body, 'More examples');
    await post();
    await expectToast('Error', 'Class session not found');
    expect(body.value).toBe('More examples');
  });

  it('says the note was not posted when no answer came', async () => {
    create.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const { body, post } = await show();
    await userEvent.setup().type(body, 'More examples');
    await post();
    await expectToast('Error', 'Failed to post note');
  });

  it('lists this session’s notes, and the earlier one whose check question today’s students answer', async () => {
    notes.current = [
      note('n2', 's-today', 'Slower on recursion', { checkQuestion: 'Is recursion clearer now?' }),
      note('n1', 's-before', 'I will post the slides', {
        checkQuestion: 'Did the slides help?',
        figures: { before: { mean: 3.14, n: 24 }, after: { mean: 5.2, n: 31 } },
      }),
      note('n0', 's-older', 'An older note'),
    ];
    notes.checkId = 'n1';
    await show();
    const posted = screen.getByRole('list', { name: 'Notes posted for this session' });
    expect(
      within(posted)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Slower on recursionCheck question: Is recursion clearer now?']);
    const asked = screen.getByRole('region', { name: "Today's students are asked" });
    expect(asked.querySelector('li')?.textContent).toBe(
      'I will post the slidesCheck question: Did the slides help?Clarity before: 3.1 (n = 24) · after: 5.2 (n = 31)',
    );
    expect(screen.queryByText('An older note')).toBeNull();
  });
});
