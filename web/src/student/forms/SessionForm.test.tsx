import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../i18n/translate';
import spanish from '../../locales/es/student-side';
import { getFollowUpCheck } from '../../shared/api/get-follow-up-check';
import type { Read } from '../runtime/useRead';
import type { Course } from '../../shared/api/get-course';
import { EMPTY_SESSION_CONTENT, SessionForm, type SessionFormProps } from './SessionForm';

vi.mock('../../shared/api/get-follow-up-check', () => ({ getFollowUpCheck: vi.fn(async () => null) }));
vi.mock('../../shared/api/get-course', () => ({
  getCourse: vi.fn(async (id: string) => ({
    id,
    code: 'COSC 1337',
    name: 'Introduction to Programming',
    section: '002',
    term: 'Fall 2026',
    endedAt: null,
  })),
}));

const COURSE = 'c0000000-0000-4000-8000-000000001337';
const NOTE = '9a8b7c6d-5e4f-4321-8765-0fedcba98765';
const CHECK = {
  noteId: NOTE,
  body: 'We redid recursion',
  sessionDate: '2026-11-24',
  addressedTopic: 'the base case',
  controlTopic: 'the call stack',
};

afterEach(() => setLanguage('en'));

function renderForm(props: Partial<SessionFormProps> = {}) {
  const onSubmit = vi.fn();
  const utils = render(
    <SessionForm
      defaults={EMPTY_SESSION_CONTENT}
      version={0}
      course={{ fromAddress: COURSE }}
      editing={false}
      ended={false}
      pending={false}
      onSubmit={onSubmit}
      onLoadFailure={vi.fn()}
      {...props}
    />,
  );
  return {
    ...utils,
    onSubmit,
    // Read when asked: a Spanish form has another name.
    get form() {
      return screen.getByRole('form', { name: 'Session feedback' });
    },
  };
}

// A required field's label ends with its asterisk.
const field = (label: string) => screen.getByLabelText(label, { exact: false });

async function fillAll() {
  const user = userEvent.setup();
  await user.type(field("What's on your mind after this session?"), 'Pointers today');
  await user.type(field('What parts were unclear?'), 'Pointer arithmetic');
  await user.type(field('What went well?'), 'The diagrams');
  await user.selectOptions(field('How was the pace?'), 'just_right');
  await user.selectOptions(field('How challenging was it?'), 'slightly_hard');
  return user;
}

describe('SessionForm', () => {
  it('is, as HTML, a form the browser posts itself: the functions URL, named and required fields, the sliders at their defaults', () => {
    document.body.innerHTML = renderToString(
      <SessionForm
        defaults={EMPTY_SESSION_CONTENT}
        version={0}
        course="unknown"
        editing={false}
        ended={false}
        pending={false}
        onSubmit={vi.fn()}
        onLoadFailure={vi.fn()}
        postsWithoutScript
      />,
    );
    const form = screen.getByRole('form', { name: 'Session feedback' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form.getAttribute('action')).toMatch(/\/functions\/v1\/submissions$/);
    expect(form).not.toHaveAttribute('novalidate');
    for (const name of ['mindAfterSession', 'unclearParts', 'wentWell', 'pace', 'challengeLevel']) {
      expect(form.querySelector(`[name=${name}]`)).toBeRequired();
    }
    expect(field('How clear was this session?')).toHaveValue('4');
    expect(field('How clear was this session?')).toHaveAttribute('name', 'clarityRating');
    expect(field('How confident do you feel about the material?')).toHaveValue('50');
    expect(screen.queryByLabelText('Course')).toBeNull();
    document.body.innerHTML = '';
  });

  it('once running it posts nothing itself: no action, no method, its own validation', () => {
    const { form } = renderForm({ postsWithoutScript: true });
    expect(form).not.toHaveAttribute('action');
    expect(form).not.toHaveAttribute('method');
    expect((form as HTMLFormElement).noValidate).toBe(true);
  });

  it("shows the shared schema's messages, focus on the first, and sends nothing", async () => {
    const { onSubmit } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
    for (const message of [
      'Please share what is on your mind after this session',
      'Please describe what was unclear',
      'Please share what went well',
      'Please choose how the pace felt',
      'Please choose how challenging the session was',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field("What's on your mind after this session?")).toHaveFocus();
    expect(field("What's on your mind after this session?")).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    // After a first submit, a field's message follows what is typed into it.
    await userEvent.type(field('What went well?'), 'Drawings');
    await waitFor(() => expect(screen.queryByText('Please share what went well')).toBeNull());
    expect(screen.getByText('Please describe what was unclear')).toBeInTheDocument();
  });

  it("sends the values as the schema gives them: trimmed texts, numbers for the sliders, the address's course", async () => {
    const { onSubmit } = renderForm();
    const user = await fillAll();
    await user.type(field('What went well?'), '  ');
    fireEvent.input(field('How clear was this session?'), { target: { value: '5' } });
    await user.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      courseId: COURSE,
      mindAfterSession: 'Pointers today',
      unclearParts: 'Pointer arithmetic',
      wentWell: 'The diagrams',
      pace: 'just_right',
      challengeLevel: 'slightly_hard',
      clarityRating: 5,
      confidenceLevel: 50,
    });
  });

  it("shows each slider's value and its ends", () => {
    renderForm();
    const clarity = field('How clear was this session?');
    expect(clarity).toHaveAttribute('min', '1');
    expect(clarity).toHaveAttribute('max', '7');
    expect(clarity).toHaveAttribute('aria-valuetext', '4 of 7');
    expect(screen.getByText('Very unclear')).toBeInTheDocument();
    expect(screen.getByText('Very clear')).toBeInTheDocument();
    fireEvent.input(clarity, { target: { value: '5' } });
    expect(clarity).toHaveAttribute('aria-valuetext', '5 of 7');
    expect(screen.getByText('5 of 7')).toBeInTheDocument();
    const confidence = field('How confident do you feel about the material?');
    expect(confidence).toHaveAttribute('step', '5');
    expect(confidence).toHaveAttribute('aria-valuetext', '50%');
  });

  it('says "Please select a course" when the course is chosen in a dropdown and none is', async () => {
    const courses = {
      status: 'success',
      data: [{ id: COURSE, code: 'COSC 1337', name: 'Introduction to Programming', section: null }],
    } as Read<Course[]>;
    const { onSubmit } = renderForm({ course: 'select', courses });
    const select = field('Course');
    expect(within(select).getByRole('option', { name: 'COSC 1337 - Introduction to Programming' })).toBeInTheDocument();
    const user = await fillAll();
    await user.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
    expect(await screen.findByText('Please select a course')).toBeInTheDocument();
    await user.selectOptions(select, COURSE);
    await user.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ courseId: COURSE })));
  });

  it('before its class link is known it checks the content alone', async () => {
    const { onSubmit } = renderForm({ course: 'unknown' });
    const user = await fillAll();
    await user.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ courseId: '', unclearParts: 'Pointer arithmetic' })),
    );
  });

  it('editing: the note, the fixed course, the values, "Update Feedback" and "Start Fresh"', async () => {
    const onStartFresh = vi.fn();
    renderForm({
      editing: true,
      course: { lockedCourseId: COURSE },
      defaults: { ...EMPTY_SESSION_CONTENT, mindAfterSession: 'Mine', pace: 'too_fast', clarityRating: 6, confidenceLevel: 35 },
      onStartFresh,
    });
    expect(
      screen.getByText("You're editing the feedback you sent for this session. Change anything and choose Update Feedback."),
    ).toBeInTheDocument();
    expect(await screen.findByText('COSC 1337 · Section 002 - Introduction to Programming')).toBeInTheDocument();
    expect(field("What's on your mind after this session?")).toHaveValue('Mine');
    expect(field('How was the pace?')).toHaveValue('too_fast');
    expect(field('How clear was this session?')).toHaveAttribute('aria-valuetext', '6 of 7');
    expect(field('How confident do you feel about the material?')).toHaveValue('35');
    await userEvent.click(screen.getByRole('button', { name: 'Start Fresh' }));
    expect(onStartFresh).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Update Feedback' })).toBeEnabled();
  });

  it('after the session ended: the note, everything read-only or disabled, nothing to send', () => {
    renderForm({ editing: true, ended: true, onStartFresh: vi.fn(), defaults: { ...EMPTY_SESSION_CONTENT, unclearParts: 'Recursion' } });
    expect(screen.getByRole('status')).toHaveTextContent('This class session has ended; feedback can no longer be edited.');
    expect(field('What parts were unclear?')).toHaveAttribute('readonly');
    expect(field('What parts were unclear?')).toHaveValue('Recursion');
    for (const label of [
      'How was the pace?',
      'How challenging was it?',
      'How clear was this session?',
      'How confident do you feel about the material?',
    ]) {
      expect(field(label)).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Update Feedback' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start Fresh' })).toBeDisabled();
  });

  it('says it is sending while pending', () => {
    renderForm({ pending: true });
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  });

  it("asks a new submission to rate the note's topics, inside the form, and sends the ratings with the note", async () => {
    vi.mocked(getFollowUpCheck).mockResolvedValue(CHECK);
    const { onSubmit, form } = renderForm({ followUpSessionId: '2026-11-25' });
    const check = await screen.findByTestId('follow-up-check');
    expect(getFollowUpCheck).toHaveBeenCalledWith(COURSE, '2026-11-25');
    expect(form).toContainElement(check);
    expect(check).toHaveTextContent('From your professor');
    expect(check).toHaveTextContent('We redid recursion');
    const addressed = within(check).getByRole('group', { name: 'How clear is the base case to you now? (optional)' });
    const control = within(check).getByRole('group', { name: 'How clear is the call stack to you now? (optional)' });
    expect(within(addressed).getByRole('radio', { name: '1 Still unclear' })).toHaveAttribute('name', 'followUpAddressed');
    expect(within(control).getByRole('radio', { name: '7 Clear now' })).toHaveAttribute('name', 'followUpControl');
    expect(form.querySelector('input[type=hidden][name=followUpNoteId]')).toHaveValue(NOTE);

    const user = await fillAll();
    await user.click(within(addressed).getByRole('radio', { name: '6' }));
    await user.click(within(control).getByRole('radio', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ followUpNoteId: NOTE, followUpAddressed: 6, followUpControl: 3 })),
    );
  });

  it('sends only the ratings chosen; without any, neither them nor the note', async () => {
    vi.mocked(getFollowUpCheck).mockResolvedValue(CHECK);
    const { onSubmit } = renderForm({ followUpSessionId: '' });
    await screen.findByTestId('follow-up-check');
    const user = await fillAll();
    await user.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [sent] = onSubmit.mock.calls[0]!;
    expect(sent).not.toHaveProperty('followUpNoteId');
    expect(sent).not.toHaveProperty('followUpAddressed');
    expect(sent).not.toHaveProperty('followUpControl');

    await user.click(within(screen.getByRole('group', { name: /the call stack/ })).getByRole('radio', { name: '2' }));
    await user.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ followUpNoteId: NOTE, followUpControl: 2 });
    expect(onSubmit.mock.calls[1]![0]).not.toHaveProperty('followUpAddressed');
  });

  it("shows a rating's message once, under the questions, and sends nothing", async () => {
    vi.mocked(getFollowUpCheck).mockResolvedValue(CHECK);
    const { onSubmit } = renderForm({ followUpSessionId: '' });
    const check = await screen.findByTestId('follow-up-check');
    const user = await fillAll();
    // A value no radio offers, as a tampered page would send.
    const radio = within(check)
      .getByRole('group', { name: /the call stack/ })
      .querySelector('input[value="7"]')!;
    radio.setAttribute('value', '9');
    await user.click(radio);
    await user.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
    expect(await within(check).findByRole('alert')).toHaveTextContent('Your answer to the check question must be a number from 1 to 7');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a new version of the fields empties what was typed and its messages', async () => {
    const { rerender } = renderForm();
    await userEvent.type(field('What went well?'), 'Typed');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
    expect(await screen.findByText('Please describe what was unclear')).toBeInTheDocument();
    rerender(
      <SessionForm
        defaults={EMPTY_SESSION_CONTENT}
        version={1}
        course={{ fromAddress: COURSE }}
        editing={false}
        ended={false}
        pending={false}
        onSubmit={vi.fn()}
        onLoadFailure={vi.fn()}
      />,
    );
    expect(field('What went well?')).toHaveValue('');
    expect(screen.queryByText('Please describe what was unclear')).toBeNull();
  });

  it('in Spanish, labels and messages', async () => {
    addCatalog('es', spanish);
    setLanguage('es');
    renderForm();
    expect(screen.getByRole('form', { name: spanish['Session feedback'] })).toBeInTheDocument();
    expect(screen.getByLabelText(spanish['What parts were unclear?']!, { exact: false })).toBeInTheDocument();
    expect(screen.getByText(spanish['Very unclear']!)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: spanish['Submit Anonymous Feedback'] }));
    expect(await screen.findByText(spanish['Please describe what was unclear']!)).toBeInTheDocument();
  });

  it("in Spanish, the note's questions", async () => {
    addCatalog('es', spanish);
    setLanguage('es');
    vi.mocked(getFollowUpCheck).mockResolvedValue({ ...CHECK, controlTopic: null });
    renderForm({ followUpSessionId: '' });
    const check = await screen.findByTestId('follow-up-check');
    expect(check).toHaveTextContent(spanish['From your professor']!);
    expect(within(check).getByRole('group', { name: '¿Qué tan claro tienes ahora the base case? (opcional)' })).toBeInTheDocument();
    expect(within(check).getAllByRole('group')).toHaveLength(1);
  });
});
