// "You said, we did" on the live view, with the façade's notes, groups and create given by the test
// (no stack): what it refuses word for word, what it sends (the confusion the note answers and the
// control the system proposes), what it says, and the notes it lists (this session's, and the
// earlier note whose topics today's students rate).
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors';
import type { SessionNote } from '../../../shared/api/get-course-notes';
import type { ConfusionGroup } from '../../../shared/api/get-shared-confusion';
import { toaster } from '../../../shared/ui/toaster';
import { renderInApp, screen } from '../../../test/renderInApp';
import { expectToast } from '../../../test/toasts';

const create = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
const notes = vi.hoisted(() => ({
  current: [] as SessionNote[],
  checkId: undefined as string | undefined,
  groups: [] as ConfusionGroup[],
}));
vi.mock('../../../shared/api/create-session-note', async (original) => ({
  ...(await original<object>()),
  useCreateSessionNote: () => create,
}));
vi.mock('../../../shared/api/get-course-notes', async (original) => ({
  ...(await original<object>()),
  useCourseNotes: () => ({ data: notes.current }),
}));
vi.mock('../../../shared/api/get-shared-confusion', async (original) => ({
  ...(await original<object>()),
  useSharedConfusion: () => ({ data: { sessionId: 's-today', texts: 0, students: 0, pending: 0, groups: notes.groups } }),
}));
vi.mock('../../../shared/api/get-follow-up-check', async (original) => ({
  ...(await original<object>()),
  useFollowUpCheck: () => ({ data: notes.checkId ? { noteId: notes.checkId } : null }),
}));

const { NoteForm } = await import('./NoteForm');

const G = {
  base: '11111111-1111-4111-8111-111111111111',
  stack: '22222222-2222-4222-8222-222222222222',
  loops: '33333333-3333-4333-8333-333333333333',
};
const group = (id: string, text: string, students: number): ConfusionGroup => ({
  id,
  students,
  texts: students,
  top: { id: `t-${id}`, kind: 'quick', text, students: 1 },
  others: [],
});
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

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
  notes.groups = [];
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
    answers: within(form).getByRole('combobox', { name: 'Confusion this note answers' }) as HTMLSelectElement,
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

  it('sends a note that asks nothing when no confusion is chosen', async () => {
    notes.groups = [group(G.base, 'the base case of the recursion', 9)];
    const { body, answers, post } = await show();
    expect(answers.value).toBe('');
    await userEvent.setup().type(body, '  Next class I will redo the recursion example ');
    await post();
    await expectToast('Success', 'Note posted');
    expect(create.mutateAsync).toHaveBeenCalledWith({
      sessionId: 's-today',
      body: 'Next class I will redo the recursion example',
      addressedTopic: null,
      addressedGroupId: null,
      controlTopic: null,
      controlGroupId: null,
    });
    expect(body.value).toBe('');
  });

  it('proposes the most shared confusion no note answered as the control, and sends both', async () => {
    notes.groups = [
      group(G.base, 'I did not get the base case of the recursion at all, when does it stop?', 9),
      group(G.stack, 'the call stack', 6),
      group(G.loops, 'loops vs recursion', 3),
      // A text no read has placed yet: no group to point at, so not offered.
      { ...group('t-alone', 'an unplaced text', 1), top: { id: 't-alone', kind: 'quick', text: 'an unplaced text', students: 1 } },
    ];
    // This session's earlier note already answered the call stack: it is no control.
    notes.current = [
      note('n1', 's-today', 'Slides are up', {
        figures: { addressed: { topic: 'the call stack', groupId: G.stack }, control: null, results: null },
      }),
    ];
    const { body, answers, post } = await show();
    const user = userEvent.setup();
    expect([...answers.options].map((option) => option.text)).toEqual([
      'None: this note asks nothing',
      'I did not get the base case of the recursion at all, when (9 students)',
      'the call stack (6 students)',
      'loops vs recursion (3 students)',
      'Another topic',
    ]);
    await user.selectOptions(answers, G.base);
    expect(textbox('Topic in a few words').value).toBe('I did not get the base case of the recursion at all, when does it stop?');
    const control = screen.getByRole('combobox', { name: 'Compared with' }) as HTMLSelectElement;
    expect([...control.options].map((option) => option.text)).toEqual(['loops vs recursion (3 students)']);
    expect(textbox('Control in a few words').value).toBe('loops vs recursion');
    await user.clear(textbox('Topic in a few words'));
    await user.type(textbox('Topic in a few words'), 'the base case');
    await user.type(body, 'We redo the base case');
    await post();
    await expectToast('Success', 'Note posted');
    expect(create.mutateAsync).toHaveBeenCalledWith({
      sessionId: 's-today',
      body: 'We redo the base case',
      addressedTopic: 'the base case',
      addressedGroupId: G.base,
      controlTopic: 'loops vs recursion',
      controlGroupId: G.loops,
    });
  });

  it('takes a typed topic, asks it alone when no confusion is left to compare with, and says so', async () => {
    const { form, body, answers, post } = await show();
    const user = userEvent.setup();
    await user.selectOptions(answers, 'other');
    expect(screen.getByText('No other confusion of this session to compare with: only this topic is asked.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Compared with' })).toBeNull();
    await user.type(body, 'More examples');
    await post();
    await waitFor(() => expect(errorsIn(form)).toEqual(['Name the confusion in a few words.']));
    await user.type(textbox('Topic in a few words'), 'x'.repeat(80));
    await post();
    await expectToast('Success', 'Note posted');
    expect(create.mutateAsync).toHaveBeenCalledWith({
      sessionId: 's-today',
      body: 'More examples',
      addressedTopic: 'x'.repeat(80),
      addressedGroupId: null,
      controlTopic: null,
      controlGroupId: null,
    });
  });

  it('refuses a control named as the topic, word for word', async () => {
    notes.groups = [group(G.base, 'the base case', 9), group(G.stack, 'the call stack', 6)];
    const { form, body, answers, post } = await show();
    const user = userEvent.setup();
    await user.selectOptions(answers, G.base);
    await user.clear(textbox('Control in a few words'));
    await user.type(textbox('Control in a few words'), 'The Base Case');
    await user.type(body, 'More examples');
    await post();
    await waitFor(() => expect(errorsIn(form)).toEqual(['The control must be another confusion than the one the note answers.']));
    await user.clear(textbox('Control in a few words'));
    await post();
    await waitFor(() => expect(errorsIn(form)).toEqual(['Name the control topic in a few words.']));
    expect(create.mutateAsync).not.toHaveBeenCalled();
  });

  it('says a refusal in the server’s words and keeps the note', async () => {
    create.mutateAsync.mockRejectedValue(new ApiError(400, 'This confusion group is not from this class session.'));
    const { body, post } = await show();
    await userEvent.setup().type(body, 'More examples');
    await post();
    await expectToast('Error', 'This confusion group is not from this class session.');
    expect(body.value).toBe('More examples');
  });

  it('says the note was not posted when no answer came', async () => {
    create.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const { body, post } = await show();
    await userEvent.setup().type(body, 'More examples');
    await post();
    await expectToast('Error', 'Failed to post note');
  });

  it('lists this session’s notes with what they ask, and the earlier one whose topics today’s students rate', async () => {
    notes.current = [
      note('n3', 's-today', 'Slower on recursion', {
        figures: {
          addressed: { topic: 'the base case', groupId: G.base },
          control: { topic: 'the call stack', groupId: G.stack },
          results: null,
        },
      }),
      note('n2', 's-before', 'I will post the slides', {
        figures: {
          addressed: { topic: 'the slides', groupId: null },
          control: { topic: 'pointers', groupId: null },
          results: {
            addressed: { n: 5, mean: 6, sd: Math.SQRT1_2, share: 0.31 },
            control: { n: 5, mean: 3, sd: Math.SQRT1_2, share: null },
            paired: { n: 5, mean: 3, sd: Math.SQRT1_2 },
          },
        },
      }),
      note('n1', 's-today', 'An old note', { checkQuestion: 'Did it help?', figures: { legacy: true } }),
      note('n0', 's-older', 'An older note'),
    ];
    notes.checkId = 'n2';
    await show();
    const posted = screen.getByRole('list', { name: 'Notes posted for this session' });
    expect(
      within(posted)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Slower on recursionThe next session rates “the base case” against “the call stack”.',
      'An old noteCheck question: Did it help?No comparison available (asked before controls existed)',
    ]);
    const asked = screen.getByRole('region', { name: "Today's students are asked" });
    expect([...asked.querySelectorAll('[data-testid="note-figures"] p')].map((line) => line.textContent)).toEqual([
      'the slides: 6.0 (5.1 to 6.9), n = 5 · 31 % of the session’s confusions',
      'pointers: 3.0 (2.1 to 3.9), n = 5',
      'Clearer than pointers by 3.0 (2.1 to 3.9)',
    ]);
    expect(screen.queryByText('An older note')).toBeNull();
  });
});
