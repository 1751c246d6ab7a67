import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../i18n/translate';
import spanish from '../../locales/es/student-side';
import type { Course } from '../../shared/api/get-course';
import { getFollowUpCheck } from '../../shared/api/get-follow-up-check';
import type { Read } from '../runtime/useRead';
import { QuickForm, type QuickFormProps } from './QuickForm';

vi.mock('../../shared/api/get-follow-up-check', () => ({ getFollowUpCheck: vi.fn(async () => null) }));
vi.mock('../../shared/api/get-course', () => ({
  getCourse: vi.fn(async (id: string) => ({ id, code: 'MATH 2413', name: 'Calculus I', section: null, term: 'Fall 2026', endedAt: null })),
}));

const COURSE = 'c0000000-0000-4000-8000-000000002413';
const OTHER = 'c0000000-0000-4000-8000-000000001337';
const COURSES = [
  { id: OTHER, code: 'COSC 1337', name: 'Introduction to Programming', section: '002', term: 'Fall 2026', endedAt: null },
  { id: COURSE, code: 'MATH 2413', name: 'Calculus I', section: null, term: 'Fall 2026', endedAt: null },
];
const loaded = (data: Course[]) => ({ status: 'success', data, fetching: false, refetch: vi.fn(), set: vi.fn() }) as Read<Course[]>;
const pending = { status: 'pending', fetching: true, refetch: vi.fn(), set: vi.fn() } as unknown as Read<Course[]>;

afterEach(() => setLanguage('en'));

// A required field's label ends with its asterisk.
const field = (label: string) => screen.getByLabelText(label, { exact: false });

function renderForm(props: Partial<QuickFormProps> = {}) {
  const onSubmit = vi.fn();
  const onLoadFailure = vi.fn();
  const view = render(
    <QuickForm
      defaults={{ courseId: COURSE }}
      version={0}
      sessionId="today"
      courses={loaded(COURSES)}
      pending={false}
      submitLabel="Submit Feedback"
      pendingLabel="Submitting..."
      onSubmit={onSubmit}
      onLoadFailure={onLoadFailure}
      {...props}
    />,
  );
  return { ...view, onSubmit, onLoadFailure };
}

async function fill(topic = 'Chain rule', confusion = 'Which function is the inner one?') {
  const user = userEvent.setup();
  await user.type(field('Topic'), topic);
  await user.type(field('What confused you?'), confusion);
  await user.click(screen.getByRole('radio', { name: 'Very confused' }));
  return user;
}

describe('QuickForm', () => {
  it('is, as HTML, a form the browser posts itself, its course list disabled until the courses come', () => {
    document.body.innerHTML = renderToString(
      <QuickForm
        defaults={{}}
        version={0}
        sessionId="today"
        courses={pending}
        pending={false}
        submitLabel="Submit Feedback"
        pendingLabel="Submitting..."
        onSubmit={vi.fn()}
        onLoadFailure={vi.fn()}
        postsWithoutScript
      />,
    );
    const form = screen.getByRole('form', { name: 'Feedback' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form.getAttribute('action')).toMatch(/\/functions\/v1\/submissions$/);
    expect(field('Course')).toBeDisabled();
    expect(within(field('Course')).getByRole('option')).toHaveTextContent('Loading courses...');
    expect(field('Topic')).toHaveAttribute('name', 'topic');
    expect(field('Topic')).toBeRequired();
    expect(field('What confused you?')).toHaveAttribute('minlength', '10');
    for (const radio of screen.getAllByRole('radio')) {
      expect(radio).toHaveAttribute('name', 'difficultyLevel');
      expect(radio).toBeRequired();
      expect(radio).not.toBeChecked();
    }
    document.body.innerHTML = '';
  });

  it("lists every course, by code and section, the address's chosen; the seed's texts when there are none or they cannot be read", () => {
    const { rerender } = renderForm();
    const select = field('Course');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select your course', 'COSC 1337 · Section 002 - Introduction to Programming', 'MATH 2413 - Calculus I']);
    expect(select).toHaveValue(COURSE);
    expect(select).toBeEnabled();
    const props = {
      defaults: {},
      version: 0,
      sessionId: 'today',
      pending: false,
      submitLabel: 'Submit Feedback',
      pendingLabel: 'Submitting...',
      onSubmit: vi.fn(),
      onLoadFailure: vi.fn(),
    };
    rerender(<QuickForm {...props} courses={loaded([])} />);
    expect(within(field('Course')).getByRole('option')).toHaveTextContent('No courses available');
    expect(field('Course')).toBeDisabled();
    rerender(
      <QuickForm {...props} courses={{ status: 'error', error: new Error('x'), fetching: false, refetch: vi.fn(), set: vi.fn() }} />,
    );
    expect(within(field('Course')).getByRole('option')).toHaveTextContent('Unable to load courses');
  });

  it("shows the shared schema's messages; the difficulty starts unchosen", async () => {
    const { onSubmit } = renderForm({ defaults: {} });
    for (const label of ['Slightly confused', 'Very confused', 'Completely lost'])
      expect(screen.getByRole('radio', { name: label })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    for (const message of [
      'Please select a course',
      'Please enter a topic',
      'Please describe your confusion in more detail',
      'Please select how confused you are',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field('Course')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(field('Topic'), 'x'.repeat(256));
    expect(await screen.findByText('Topic is too long')).toBeInTheDocument();

    // The description's own messages, as it is typed: too short, then too long.
    const description = field('What confused you?');
    fireEvent.input(description, { target: { value: 'Long enough to pass' } });
    await waitFor(() => expect(screen.queryByText('Please describe your confusion in more detail')).toBeNull());
    fireEvent.input(description, { target: { value: 'too short' } });
    expect(await screen.findByText('Please describe your confusion in more detail')).toBeInTheDocument();
    fireEvent.input(description, { target: { value: 'y'.repeat(2001) } });
    expect(await screen.findByText('Description is too long')).toBeInTheDocument();
    expect(screen.queryByText('Please describe your confusion in more detail')).toBeNull();
  });

  it('sends the course, the content and the session it was given', async () => {
    const { onSubmit } = renderForm();
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        courseId: COURSE,
        topic: 'Chain rule',
        confusion: 'Which function is the inner one?',
        difficultyLevel: 'very',
        sessionId: 'today',
      }),
    );
  });

  it('says "Submitting..." and takes no second tap while sending', () => {
    renderForm({ pending: true });
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  });

  it("asks to rate the chosen course's note's topics, again when another course is chosen, and sends the ratings", async () => {
    vi.mocked(getFollowUpCheck).mockImplementation(async (courseId) =>
      courseId === OTHER
        ? {
            noteId: '9a8b7c6d-5e4f-4321-8765-0fedcba98765',
            body: 'Loops redone',
            sessionDate: '2026-11-24',
            addressedTopic: 'while loops',
            controlTopic: 'arrays',
          }
        : null,
    );
    const { onSubmit } = renderForm({ followUpSessionId: '' });
    await waitFor(() => expect(getFollowUpCheck).toHaveBeenCalledWith(COURSE, ''));
    expect(screen.queryByTestId('follow-up-check')).toBeNull();
    await userEvent.selectOptions(field('Course'), OTHER);
    const check = await screen.findByTestId('follow-up-check');
    expect(check).toHaveTextContent('Loops redone');
    const addressed = within(check).getByRole('group', { name: 'How clear is while loops to you now? (optional)' });
    expect(within(check).getByRole('group', { name: 'How clear is arrays to you now? (optional)' })).toBeInTheDocument();
    const user = await fill();
    await user.click(within(addressed).getByRole('radio', { name: '7 Clear now' }));
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ courseId: OTHER, followUpNoteId: '9a8b7c6d-5e4f-4321-8765-0fedcba98765', followUpAddressed: 7 }),
      ),
    );
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('followUpControl');
  });

  it('when the validation code cannot be downloaded, says so and sends nothing', async () => {
    vi.doMock('./schemas', () => {
      throw new Error('offline');
    });
    vi.resetModules();
    const { QuickForm: Fresh } = await import('./QuickForm');
    const onLoadFailure = vi.fn();
    const onSubmit = vi.fn();
    render(
      <Fresh
        defaults={{}}
        version={0}
        sessionId="today"
        courses={loaded(COURSES)}
        pending={false}
        submitLabel="Submit Feedback"
        pendingLabel="Submitting..."
        onSubmit={onSubmit}
        onLoadFailure={onLoadFailure}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(onLoadFailure).toHaveBeenCalled());
    expect(onSubmit).not.toHaveBeenCalled();
    vi.doUnmock('./schemas');
    vi.resetModules();
  });

  it('editing: the course as text, the values, and read-only without a button once the session ended', async () => {
    const props = {
      defaults: { courseId: COURSE, topic: 'Limits', confusion: 'Epsilon and delta', difficultyLevel: 'completely' },
      version: 't',
      sessionId: 's',
      pending: false,
      submitLabel: 'Update Feedback',
      pendingLabel: 'Updating...',
      onSubmit: vi.fn(),
      onLoadFailure: vi.fn(),
    };
    const { rerender } = render(<QuickForm {...props} />);
    expect(await screen.findByText('MATH 2413 - Calculus I')).toBeInTheDocument();
    expect(screen.queryByLabelText('Course', { exact: false })).toBeNull();
    expect(field('Topic')).toHaveValue('Limits');
    expect(screen.getByRole('radio', { name: 'Completely lost' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Update Feedback' })).toBeEnabled();
    rerender(<QuickForm {...props} readOnly />);
    expect(field('Topic')).toHaveAttribute('readonly');
    expect(field('What confused you?')).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: 'Slightly confused' })).toBeDisabled();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in Spanish', async () => {
    addCatalog('es', spanish);
    setLanguage('es');
    renderForm({ defaults: {}, submitLabel: spanish['Submit Feedback']! });
    expect(screen.getByRole('form', { name: spanish['Feedback'] })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: spanish['Very confused'] })).toBeInTheDocument();
    expect(screen.getByText(spanish['At least 10 characters.']!)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: spanish['Submit Feedback'] }));
    expect(await screen.findByText(spanish['Please select how confused you are']!)).toBeInTheDocument();
  });
});
