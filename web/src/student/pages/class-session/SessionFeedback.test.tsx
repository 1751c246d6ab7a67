import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import { ApiError } from '../../../lib/errors';
import spanish from '../../../locales/es/student-side';
import { getClassSession } from '../../../shared/api/get-class-session';
import { getCourse } from '../../../shared/api/get-course';
import { getCourseClassDay } from '../../../shared/api/get-course-class-day';
import { getCourseNotes } from '../../../shared/api/get-course-notes';
import { getCourses } from '../../../shared/api/get-courses';
import { getFollowUpCheck } from '../../../shared/api/get-follow-up-check';
import { type OwnSessionSubmission, getOwnSubmission } from '../../../shared/api/get-own-submission';
import { createSubmission } from '../../../shared/api/create-submission';
import { getPeerConfusion } from '../../../shared/api/me-too';
import { resolveClassToken } from '../../../shared/api/resolve-class-token';
import { updateOwnSubmission } from '../../../shared/api/update-own-submission';
import { formatSessionDate, formatTime } from '../../../shared/dates';
import { savePending } from '../../../shared/pendingSubmissions';
import { rememberedFeedback } from '../../../shared/rememberedFeedback';
import { expectNoSeriousA11yViolations } from '../../../test/axe';
import { notify } from '../../ui/toaster';
import ClassLinkPage from './ClassLinkPage';
import ClassSessionPage from './ClassSessionPage';
import SessionFeedback from './SessionFeedback.island';

const COURSE = 'c0000000-0000-4000-8000-000000001337';
const SESSION = 'ef34a5ed-5432-416c-af6f-ef142a6b4f64';
const ID = '3ee1a878-757b-412a-a43f-318fafd6e8ac';
const TOKEN = `${ID}.secret`;
const KEY = `classpulse.feedback.${COURSE}.${SESSION}`;
const PROGRAMMING = { id: COURSE, code: 'COSC 1337', name: 'Introduction to Programming', section: null, term: 'Fall 2026', endedAt: null };

vi.mock('../../../shared/api/get-course', () => ({ getCourse: vi.fn() }));
vi.mock('../../../shared/api/get-courses', () => ({ getCourses: vi.fn() }));
vi.mock('../../../shared/api/get-class-session', () => ({ getClassSession: vi.fn() }));
vi.mock('../../../shared/api/get-course-notes', () => ({ getCourseNotes: vi.fn() }));
vi.mock('../../../shared/api/get-course-class-day', () => ({ getCourseClassDay: vi.fn() }));
vi.mock('../../../shared/api/get-follow-up-check', () => ({ getFollowUpCheck: vi.fn() }));
vi.mock('../../../shared/api/get-own-submission', async (original) => ({
  ...(await original<typeof import('../../../shared/api/get-own-submission')>()),
  getOwnSubmission: vi.fn(),
}));
vi.mock('../../../shared/api/create-submission', () => ({ createSubmission: vi.fn() }));
vi.mock('../../../shared/api/update-own-submission', () => ({ updateOwnSubmission: vi.fn() }));
vi.mock('../../../shared/api/me-too', async (original) => ({
  ...(await original<typeof import('../../../shared/api/me-too')>()),
  getPeerConfusion: vi.fn(),
}));
vi.mock('../../../shared/api/resolve-class-token', () => ({ resolveClassToken: vi.fn() }));
vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), notify: vi.fn() }));

const own = (extra: Partial<OwnSessionSubmission> = {}): OwnSessionSubmission => ({
  id: ID,
  kind: 'session',
  courseId: COURSE,
  sessionId: SESSION,
  open: true,
  expiresAt: '2026-11-26T05:59:59.999Z',
  createdAt: '2026-11-25T15:00:00Z',
  updatedAt: '2026-11-25T15:00:00Z',
  reply: null,
  notify: false,
  mindAfterSession: 'Pointers today',
  unclearParts: 'Pointer arithmetic',
  wentWell: 'The diagrams',
  pace: 'slightly_fast',
  challengeLevel: 'slightly_hard',
  clarityRating: 5,
  confidenceLevel: 45,
  ...extra,
});

// A required field's label ends with its asterisk.
const field = (label: string) => within(screen.getByRole('form', { name: 'Session feedback' })).getByLabelText(label, { exact: false });
const at = (address: string) => window.history.replaceState(null, '', address);

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(field("What's on your mind after this session?"), 'Pointers today');
  await user.type(field('What parts were unclear?'), 'Pointer arithmetic');
  await user.type(field('What went well?'), 'The diagrams');
  await user.selectOptions(field('How was the pace?'), 'slightly_fast');
  await user.selectOptions(field('How challenging was it?'), 'slightly_hard');
  await user.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
  return user;
}

/** The seed's refusal of feedback without a session: its error toast, nothing sent, the text kept. */
async function expectRefusedWithoutSession() {
  await waitFor(() =>
    expect(notify).toHaveBeenCalledWith({ type: 'error', title: 'Error', description: 'Session ID is required for submission' }),
  );
  expect(createSubmission).not.toHaveBeenCalled();
  expect(field('What went well?')).toHaveValue('The diagrams');
}

beforeEach(() => {
  vi.resetAllMocks();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  vi.mocked(getCourses).mockResolvedValue([PROGRAMMING]);
  vi.mocked(getCourse).mockResolvedValue(PROGRAMMING);
  vi.mocked(getClassSession).mockResolvedValue({
    sessionDate: '2026-11-25',
    expiresAt: '2026-11-26T05:59:59.999Z',
    courseId: COURSE,
    topic: null,
  });
  vi.mocked(getCourseNotes).mockResolvedValue([]);
  vi.mocked(getCourseClassDay).mockResolvedValue('2026-11-25');
  vi.mocked(getFollowUpCheck).mockResolvedValue(null);
  vi.mocked(getPeerConfusion).mockResolvedValue({ enabled: false, sessionId: null, items: [] });
  at(`/class-session?courseId=${COURSE}&sessionId=${SESSION}`);
});
afterEach(() => {
  setLanguage('en');
  at('/');
});

describe('Session Feedback, as first served', () => {
  it('is the form, posted by the browser itself, with the course line and the note held in place', () => {
    document.body.innerHTML = renderToString(<ClassSessionPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Session Feedback');
    expect(screen.getByRole('status')).toHaveTextContent('Loading course details...');
    expect(screen.getByText(/^Your feedback is anonymous\./)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Session feedback' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form.getAttribute('action')).toMatch(/\/functions\/v1\/submissions$/);
    expect(screen.queryByTestId('session-note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit Anonymous Feedback' })).toBeInTheDocument();
    document.body.innerHTML = '';
  });

  it('on a class link, says it is validating the link where the course line goes', () => {
    document.body.innerHTML = renderToString(<ClassLinkPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Validating session link...');
    expect(screen.getByRole('form', { name: 'Session feedback' })).toHaveAttribute('method', 'post');
    document.body.innerHTML = '';
  });
});

describe('Session Feedback', () => {
  it("shows the course, the class session's date and expiry, the professor's note on it, and no course dropdown", async () => {
    vi.mocked(getCourseNotes).mockResolvedValue([
      {
        id: 'n1',
        sessionId: SESSION,
        sessionDate: '2026-11-25',
        body: 'We will redo the pointer example.',
        createdAt: '2026-11-25T10:00:00Z',
      },
      { id: 'n2', sessionId: 'other', sessionDate: '2026-11-20', body: 'An older note', createdAt: '2026-11-20T10:00:00Z' },
    ]);
    render(<SessionFeedback classLink={false} />);
    expect(await screen.findByText('COSC 1337')).toBeInTheDocument();
    expect(screen.getByText('COSC 1337').parentElement).toHaveTextContent('COSC 1337 Introduction to Programming');
    expect(await screen.findByTestId('session-note')).toHaveTextContent(
      `Session date: ${formatSessionDate('2026-11-25')} - Link expires at ${formatTime('2026-11-26T05:59:59.999Z')}`,
    );
    const notes = await screen.findByRole('region', { name: 'From your professor' });
    expect(notes).toHaveTextContent('We will redo the pointer example.');
    expect(notes).not.toHaveTextContent('An older note');
    expect(screen.queryByLabelText('Course', { exact: false })).toBeNull();
  });

  it('a date as the session: that date, its link ending at the end of the day', async () => {
    at(`/class-session?courseId=${COURSE}&sessionId=2026-11-25`);
    render(<SessionFeedback classLink={false} />);
    expect(await screen.findByTestId('session-note')).toHaveTextContent(
      `Session date: ${formatSessionDate('2026-11-25')} - Link expires at end of day (11:59 PM)`,
    );
    expect(getClassSession).not.toHaveBeenCalled();
  });

  it("without a session: today's note, the notes of the course's class day (never the phone's), and the seed's refusal at Submit", async () => {
    at(`/class-session?courseId=${COURSE}`);
    vi.mocked(getCourseNotes).mockResolvedValue([
      { id: 'n1', sessionId: 'today-id', sessionDate: '2026-11-25', body: "Today's note", createdAt: '2026-11-25T10:00:00Z' },
    ]);
    render(<SessionFeedback classLink={false} />);
    expect(await screen.findByTestId('session-note')).toHaveTextContent("Today's session - Link expires at end of day (11:59 PM)");
    expect(await screen.findByText("Today's note")).toBeInTheDocument();
    expect(getCourseClassDay).toHaveBeenCalledWith(COURSE);
    await fillAndSend();
    await expectRefusedWithoutSession();
  });

  it('without a course: the dropdown, and no course line', async () => {
    at('/class-session');
    render(<SessionFeedback classLink={false} />);
    await waitFor(() => expect(getCourses).toHaveBeenCalled());
    const select = field('Course');
    expect(await within(select).findByRole('option', { name: 'COSC 1337 - Introduction to Programming' })).toBeInTheDocument();
    expect(screen.queryByText('Loading course details...')).toBeNull();
    expect(getCourse).not.toHaveBeenCalled();
  });

  it('without a course or a session: "Loading courses..." until the list comes, today\'s note, "Please select a course", then the seed\'s refusal', async () => {
    at('/class-session');
    let answer: (courses: (typeof PROGRAMMING)[]) => void = () => undefined;
    vi.mocked(getCourses).mockReturnValue(new Promise((done) => (answer = done)));
    const { container } = render(<ClassSessionPage />);
    await waitFor(() => expect(getCourses).toHaveBeenCalled());
    expect(within(field('Course')).getAllByRole('option')[0]).toHaveTextContent('Loading courses...');
    answer([PROGRAMMING]);
    // The dropdown is drawn anew once the options exist.
    await waitFor(() =>
      expect(within(field('Course')).getAllByRole('option', { name: 'COSC 1337 - Introduction to Programming' })).toHaveLength(1),
    );
    expect(screen.getByTestId('session-note')).toHaveTextContent("Today's session - Link expires at end of day (11:59 PM)");
    await expectNoSeriousA11yViolations(container);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit Anonymous Feedback' }));
    expect(await screen.findByText('Please select a course')).toBeInTheDocument();
    await user.selectOptions(field('Course'), COURSE);
    await fillAndSend();
    await expectRefusedWithoutSession();
  });

  it('with no courses the dropdown reads "No courses available"', async () => {
    at('/class-session');
    vi.mocked(getCourses).mockResolvedValue([]);
    render(<SessionFeedback classLink={false} />);
    await waitFor(() => expect(within(field('Course')).getAllByRole('option')[0]).toHaveTextContent('No courses available'));
  });

  it('an unknown course is "Course Not Found"; a failed read offers "Try again" and keeps what was typed', async () => {
    vi.mocked(getCourse).mockRejectedValueOnce(new ApiError(404, 'Course not found'));
    const { unmount } = render(<SessionFeedback classLink={false} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Course Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for Another Course' })).toHaveAttribute('href', '/course-search');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    unmount();

    vi.mocked(getCourse).mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
    const { container } = render(<SessionFeedback classLink={false} />);
    await userEvent.type(screen.getByLabelText('What went well?', { exact: false }), 'Kept');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load this coursePlease check your connection and try again.');
    expect(screen.queryByRole('form', { name: 'Session feedback' })).toBeNull();
    expect(screen.queryByText('Course Not Found')).toBeNull();
    await expectNoSeriousA11yViolations(container);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('COSC 1337')).toBeInTheDocument();
    expect(screen.getByText('COSC 1337').parentElement).toHaveTextContent('COSC 1337 Introduction to Programming');
    expect(screen.getByRole('button', { name: 'Submit Anonymous Feedback' })).toBeInTheDocument();
    expect(screen.queryByText('Unable to load this course')).toBeNull();
    expect(field('What went well?')).toHaveValue('Kept');
  });

  it('sends the feedback with its session and a key, says "Submitted!", then edits it, with its private link', async () => {
    vi.mocked(createSubmission).mockResolvedValue({ id: ID, editToken: TOKEN, sessionId: SESSION });
    vi.mocked(getOwnSubmission).mockResolvedValue(own());
    render(<SessionFeedback classLink={false} />);
    await screen.findByText('COSC 1337');
    await fillAndSend();
    await waitFor(() => expect(createSubmission).toHaveBeenCalled());
    const [body, options] = vi.mocked(createSubmission).mock.calls[0]!;
    expect(body).toEqual({
      courseId: COURSE,
      sessionId: SESSION,
      mindAfterSession: 'Pointers today',
      unclearParts: 'Pointer arithmetic',
      wentWell: 'The diagrams',
      pace: 'slightly_fast',
      challengeLevel: 'slightly_hard',
      clarityRating: 4,
      confidenceLevel: 50,
    });
    expect(options?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(notify).toHaveBeenCalledWith({
      type: 'success',
      title: 'Submitted!',
      description: 'Your feedback has been submitted! You can edit it anytime while you stay on this page.',
    });
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toEqual({ id: ID, editToken: TOKEN });
    expect(await screen.findByRole('button', { name: 'Update Feedback' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your private track link' })).toHaveFocus());
    expect(field('What parts were unclear?')).toHaveValue('Pointer arithmetic');
    // "Remember on this device" is on by default after a send.
    expect(rememberedFeedback()).toEqual([
      expect.objectContaining({ token: TOKEN, courseCode: 'COSC 1337', excerpt: 'Pointer arithmetic' }),
    ]);
  });

  it('a reload in edit mode prefills from the server; Update Feedback saves the content; a failed update keeps it', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ id: ID, editToken: TOKEN }));
    let answer: (submission: OwnSessionSubmission) => void = () => undefined;
    vi.mocked(getOwnSubmission).mockReturnValue(new Promise((done) => (answer = done)));
    render(<SessionFeedback classLink={false} />);
    expect(await screen.findByText('Loading your feedback...')).toBeInTheDocument();
    answer(own({ reply: { body: 'Start from the base case.', updatedAt: '2026-11-25T16:00:00Z' } }));
    expect(await screen.findByRole('button', { name: 'Update Feedback' })).toBeInTheDocument();
    expect(getOwnSubmission).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByTestId('professor-reply')).toHaveTextContent('Start from the base case.');
    expect(
      screen.getByText("You're editing the feedback you sent for this session. Change anything and choose Update Feedback."),
    ).toBeInTheDocument();
    expect(field("What's on your mind after this session?")).toHaveValue('Pointers today');
    expect(field('How was the pace?')).toHaveValue('slightly_fast');
    expect(field('How clear was this session?')).toHaveValue('5');
    expect(field('How confident do you feel about the material?')).toHaveValue('45');

    vi.mocked(updateOwnSubmission).mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
    const user = userEvent.setup();
    await user.clear(field('What parts were unclear?'));
    await user.type(field('What parts were unclear?'), 'Only the base cases now');
    await user.click(screen.getByRole('button', { name: 'Update Feedback' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', title: 'Error', description: 'Failed to update feedback' }));
    expect(field('What parts were unclear?')).toHaveValue('Only the base cases now');

    vi.mocked(updateOwnSubmission).mockResolvedValueOnce(own({ unclearParts: 'Only the base cases now' }));
    await user.click(screen.getByRole('button', { name: 'Update Feedback' }));
    await waitFor(() =>
      expect(notify).toHaveBeenLastCalledWith({
        type: 'success',
        title: 'Updated!',
        description: 'Your feedback has been updated successfully.',
      }),
    );
    expect(updateOwnSubmission).toHaveBeenLastCalledWith({
      editToken: TOKEN,
      content: {
        mindAfterSession: 'Pointers today',
        unclearParts: 'Only the base cases now',
        wentWell: 'The diagrams',
        pace: 'slightly_fast',
        challengeLevel: 'slightly_hard',
        clarityRating: 5,
        confidenceLevel: 45,
      },
    });
  });

  it('Start Fresh empties the form, forgets the token and goes back to a new submission', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ id: ID, editToken: TOKEN }));
    vi.mocked(getOwnSubmission).mockResolvedValue(own());
    render(<SessionFeedback classLink={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start Fresh' }));
    expect(screen.getByRole('button', { name: 'Submit Anonymous Feedback' })).toBeInTheDocument();
    expect(field("What's on your mind after this session?")).toHaveValue('');
    expect(field('How was the pace?')).toHaveValue('');
    expect(field('How clear was this session?')).toHaveValue('4');
    expect(field('How confident do you feel about the material?')).toHaveValue('50');
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Your private track link' })).toBeNull();
  });

  it('a stored token the server refuses returns the form to a new submission', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ id: ID, editToken: TOKEN }));
    vi.mocked(getOwnSubmission).mockRejectedValue(new ApiError(404, 'Submission not found'));
    render(<SessionFeedback classLink={false} />);
    expect(await screen.findByRole('button', { name: 'Submit Anonymous Feedback' })).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(KEY)).toBeNull());
    expect(screen.queryByText('Unable to load your feedback')).toBeNull();
  });

  it('a failed read of the stored feedback keeps the token and offers "Try again"', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ id: ID, editToken: TOKEN }));
    vi.mocked(getOwnSubmission).mockRejectedValueOnce(new ApiError(503, 'Unavailable')).mockResolvedValueOnce(own());
    render(<SessionFeedback classLink={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load your feedback');
    expect(screen.queryByRole('button', { name: 'Submit Anonymous Feedback' })).toBeNull();
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Update Feedback' })).toBeInTheDocument();
    expect(field('What parts were unclear?')).toHaveValue('Pointer arithmetic');
  });

  it("after the class session ended: read-only, with the note, and nothing of the others' texts", async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ id: ID, editToken: TOKEN }));
    vi.mocked(getOwnSubmission).mockResolvedValue(own({ open: false }));
    vi.mocked(getPeerConfusion).mockResolvedValue({ enabled: true, sessionId: SESSION, items: [] });
    render(<SessionFeedback classLink={false} />);
    expect(await screen.findByText('This class session has ended; feedback can no longer be edited.')).toBeInTheDocument();
    expect(field('What parts were unclear?')).toHaveAttribute('readonly');
    expect(field('How was the pace?')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Feedback' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start Fresh' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'What others found unclear' })).toBeNull();
  });

  it('on bad Wi-Fi it is saved on the phone, the text kept, the button busy; a reload shows it and sends it again', async () => {
    vi.mocked(createSubmission).mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    const { unmount } = render(<SessionFeedback classLink={false} />);
    await screen.findByText('COSC 1337');
    await fillAndSend();
    expect(await screen.findByRole('status', { name: '' })).toBeInTheDocument();
    expect(screen.getByTestId('saved-on-device')).toHaveTextContent('Saved on this phone. It will be sent when you are back online.');
    expect(field('What parts were unclear?')).toHaveValue('Pointer arithmetic');
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(notify).not.toHaveBeenCalled();
    unmount();

    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    vi.mocked(createSubmission).mockReset().mockResolvedValue({ id: ID, editToken: TOKEN, sessionId: SESSION });
    vi.mocked(getOwnSubmission).mockResolvedValue(own());
    render(<SessionFeedback classLink={false} />);
    await waitFor(() => expect(createSubmission).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Update Feedback' })).toBeInTheDocument();
  });

  it('a date as the session, on a network that fails while the phone believes it is online: saved, the text kept, then sent by itself on its backoff', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      at(`/class-session?courseId=${COURSE}&sessionId=2026-11-25`);
      vi.mocked(createSubmission)
        .mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'))
        .mockResolvedValueOnce({ id: ID, editToken: TOKEN, sessionId: SESSION });
      vi.mocked(getOwnSubmission).mockResolvedValue(own());
      render(<SessionFeedback classLink={false} />);
      await screen.findByText('COSC 1337');
      await fillAndSend();
      expect(await screen.findByTestId('saved-on-device')).toHaveTextContent(
        'Saved on this phone. It will be sent when you are back online.',
      );
      expect(screen.getByTestId('saved-on-device')).toHaveAttribute('role', 'status');
      expect(field('What parts were unclear?')).toHaveValue('Pointer arithmetic');
      expect(field('How was the pace?')).toHaveValue('slightly_fast');
      expect(createSubmission).toHaveBeenCalledTimes(1);
      expect(createSubmission).toHaveBeenCalledWith(expect.objectContaining({ sessionId: '2026-11-25' }), expect.anything());

      // Still online: the next attempt comes on its backoff (2 s), with no "online" event.
      await vi.advanceTimersByTimeAsync(2_000);
      await waitFor(() => expect(createSubmission).toHaveBeenCalledTimes(2));
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith({
          type: 'success',
          title: 'Submitted!',
          description: 'Your feedback has been submitted! You can edit it anytime while you stay on this page.',
        }),
      );
      expect(await screen.findByRole('button', { name: 'Update Feedback' })).toBeInTheDocument();
      expect(screen.queryByTestId('saved-on-device')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a submission left on the phone by an earlier visit is shown in the form until it is sent', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    savePending({
      key: 'k'.repeat(43),
      page: `class-session|${KEY}`,
      body: {
        courseId: COURSE,
        sessionId: SESSION,
        mindAfterSession: 'Saved earlier',
        unclearParts: 'U',
        wentWell: 'W',
        pace: 'too_fast',
        challengeLevel: 'far_too_easy',
        clarityRating: 2,
        confidenceLevel: 30,
      },
      savedAt: '2026-11-25T15:00:00Z',
    });
    render(<SessionFeedback classLink={false} />);
    expect(await screen.findByTestId('saved-on-device')).toBeInTheDocument();
    await waitFor(() => expect(field("What's on your mind after this session?")).toHaveValue('Saved earlier'));
    expect(field('How was the pace?')).toHaveValue('too_fast');
    expect(field('How clear was this session?')).toHaveValue('2');
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  });

  it('what a refused post brought back ("Back to the Form") fills the form', async () => {
    window.history.replaceState(
      { usr: { typed: { unclearParts: 'Typed before', pace: 'just_right', clarityRating: '6' } }, key: 'k', idx: 1 },
      '',
      window.location.href,
    );
    render(<SessionFeedback classLink={false} />);
    await waitFor(() => expect(field('What parts were unclear?')).toHaveValue('Typed before'));
    expect(field('How was the pace?')).toHaveValue('just_right');
    expect(field('How clear was this session?')).toHaveValue('6');
  });

  it("asks a new submission to rate the previous session's note's topics above the fields", async () => {
    vi.mocked(getFollowUpCheck).mockResolvedValue({
      noteId: '9a8b7c6d-5e4f-4321-8765-0fedcba98765',
      body: 'Recursion again',
      sessionDate: '2026-11-24',
      addressedTopic: 'the base case',
      controlTopic: null,
    });
    render(<SessionFeedback classLink={false} />);
    const check = await screen.findByTestId('follow-up-check');
    expect(check).toHaveTextContent('Recursion again');
    expect(getFollowUpCheck).toHaveBeenCalledWith(COURSE, SESSION);
    // Without a control, only the topic the note answered.
    expect(
      within(check)
        .getAllByRole('group')
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(['How clear is the base case to you now? (optional)']);
  });

  it('shows what others found unclear when the course allows it', async () => {
    vi.mocked(getPeerConfusion).mockResolvedValue({
      enabled: true,
      sessionId: SESSION,
      items: [{ id: 'a', text: 'Base cases', meToos: 2, meToo: false, own: false }],
    });
    render(<SessionFeedback classLink={false} />);
    expect(await screen.findByTestId('peer-text')).toHaveTextContent('Base cases');
  });

  it('in Spanish', async () => {
    addCatalog('es', spanish);
    setLanguage('es');
    at(`/class-session?courseId=${COURSE}`);
    render(<SessionFeedback classLink={false} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(spanish['Session Feedback']!);
    expect(await screen.findByTestId('session-note')).toHaveTextContent(
      spanish["Today's session - Link expires at end of day (11:59 PM)"]!,
    );
  });
});

describe('a class link', () => {
  beforeEach(() => at('/class/abc_DEF-123'));

  it("validates its link while the form takes input, then becomes that class session's page in place", async () => {
    let resolve: (value: { sessionId: string; courseId: string }) => void = () => undefined;
    vi.mocked(resolveClassToken).mockReturnValue(new Promise((done) => (resolve = done)));
    render(<SessionFeedback classLink />);
    expect(await screen.findByText('Validating session link...')).toBeInTheDocument();
    expect(resolveClassToken).toHaveBeenCalledWith('abc_DEF-123');
    await userEvent.type(field('What went well?'), 'Typed at once');
    resolve({ sessionId: SESSION, courseId: COURSE });
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe(`/class-session?sessionId=${SESSION}&courseId=${COURSE}`),
    );
    expect(await screen.findByText('COSC 1337')).toBeInTheDocument();
    expect(field('What went well?')).toHaveValue('Typed at once');
  });

  it('sent while the link is on its way, it is sent as soon as the class session is known', async () => {
    let resolve: (value: { sessionId: string; courseId: string }) => void = () => undefined;
    vi.mocked(resolveClassToken).mockReturnValue(new Promise((done) => (resolve = done)));
    vi.mocked(createSubmission).mockResolvedValue({ id: ID, editToken: TOKEN, sessionId: SESSION });
    vi.mocked(getOwnSubmission).mockResolvedValue(own());
    render(<SessionFeedback classLink />);
    await fillAndSend();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled());
    expect(createSubmission).not.toHaveBeenCalled();
    resolve({ sessionId: SESSION, courseId: COURSE });
    await waitFor(() =>
      expect(createSubmission).toHaveBeenCalledWith(expect.objectContaining({ courseId: COURSE, sessionId: SESSION }), expect.anything()),
    );
  });

  it('one the database refuses goes to the landing page with the expired-link message', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    vi.mocked(resolveClassToken).mockRejectedValue(
      new ApiError(404, 'Session not found or expired. Please ask your professor for a new link.'),
    );
    render(<SessionFeedback classLink />);
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith(
        `/?error=${encodeURIComponent('Session not found or expired. Please ask your professor for a new link.')}`,
      ),
    );
    expect(screen.queryByText(/Unable to load/)).toBeNull();
    replace.mockRestore();
  });

  it('a read without an answer is not "expired": it offers "Try again"', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    vi.mocked(resolveClassToken)
      .mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'))
      .mockResolvedValueOnce({ sessionId: SESSION, courseId: COURSE });
    render(<SessionFeedback classLink />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load this class link');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('COSC 1337')).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
    replace.mockRestore();
  });

  it('in Spanish', async () => {
    addCatalog('es', spanish);
    setLanguage('es');
    vi.mocked(resolveClassToken).mockRejectedValueOnce(new ApiError(503, 'Unavailable'));
    render(<SessionFeedback classLink />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      spanish['Unable to load {{what}}']!.replace('{{what}}', spanish['this class link']!),
    );
  });
});
