import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import { ApiError } from '../../../lib/errors';
import spanish from '../../../locales/es/student-side';
import { createSubmission } from '../../../shared/api/create-submission';
import { getCourses } from '../../../shared/api/get-courses';
import { getFollowUpCheck } from '../../../shared/api/get-follow-up-check';
import { savePending } from '../../../shared/pendingSubmissions';
import { rememberedFeedback } from '../../../shared/rememberedFeedback';
import { expectNoSeriousA11yViolations } from '../../../test/axe';
import { notify } from '../../ui/toaster';
import NewSubmission from './NewSubmission.island';
import SubmitPage from './SubmitPage';

const COURSE = 'c0000000-0000-4000-8000-000000002413';
const ID = '3ee1a878-757b-412a-a43f-318fafd6e8ac';
const TOKEN = `${ID}.secret`;
const COURSES = [
  {
    id: 'c0000000-0000-4000-8000-000000001337',
    code: 'COSC 1337',
    name: 'Introduction to Programming',
    section: null,
    term: 'Fall 2026',
    endedAt: null,
  },
  { id: COURSE, code: 'MATH 2413', name: 'Calculus I', section: null, term: 'Fall 2026', endedAt: null },
];

vi.mock('../../../shared/api/get-courses', () => ({ getCourses: vi.fn() }));
vi.mock('../../../shared/api/get-course', () => ({ getCourse: vi.fn(async () => COURSES[1]) }));
vi.mock('../../../shared/api/get-follow-up-check', () => ({ getFollowUpCheck: vi.fn() }));
vi.mock('../../../shared/api/create-submission', () => ({ createSubmission: vi.fn() }));
vi.mock('../../../shared/api/get-own-submission', async (original) => ({
  ...(await original<typeof import('../../../shared/api/get-own-submission')>()),
  getOwnSubmission: vi.fn(async () => ({ reply: null, notify: false })),
}));
vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), notify: vi.fn() }));

// A required field's label ends with its asterisk.
const field = (label: string) => within(screen.getByRole('form', { name: 'Feedback' })).getByLabelText(label, { exact: false });
const at = (address: string) => window.history.replaceState(null, '', address);
const SENT = {
  type: 'success',
  title: 'Submission Sent!',
  description: 'Thank you for your feedback. Your submission has been sent anonymously.',
};

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(field('Topic'), 'Chain rule');
  await user.type(field('What confused you?'), 'Which function is the inner one?');
  await user.click(screen.getByRole('radio', { name: 'Very confused' }));
  await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
  return user;
}

beforeEach(() => {
  vi.resetAllMocks();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  vi.mocked(getCourses).mockResolvedValue(COURSES);
  vi.mocked(getFollowUpCheck).mockResolvedValue(null);
  at(`/submit?courseId=${COURSE}`);
});
afterEach(() => {
  setLanguage('en');
  at('/');
});

describe('the Submit Feedback page', () => {
  it('as first served: the title, the promises, the form the browser posts itself, the privacy guarantee and the links', () => {
    document.body.innerHTML = renderToString(<SubmitPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Share What Confused You');
    expect(screen.getByRole('list', { name: 'Your privacy' })).toHaveTextContent('100% AnonymousNo Personal DataSafe Space');
    const form = screen.getByRole('form', { name: 'Feedback' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form.getAttribute('action')).toMatch(/\/functions\/v1\/submissions$/);
    expect(within(form).getByRole('combobox')).toBeDisabled();
    expect(within(within(form).getByRole('combobox')).getAllByRole('option')[0]).toHaveTextContent('Loading courses...');
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy Guarantee' })).toBeInTheDocument();
    expect(screen.getByText(/never ask you to log in and never collect your name, student ID/)).toBeInTheDocument();
    const about = screen.getByRole('navigation', { name: 'About ClassPulse' });
    expect(within(about).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(about).getByRole('link', { name: 'How it Works' })).toHaveAttribute('href', '/privacy#how-it-works');
    expect(within(about).getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');
    // Placeholder links that go nowhere: the page's loader keeps a click on them where it is (loader.inline.test.ts).
    for (const label of ['Support', 'About']) {
      expect(within(about).getByRole('link', { name: label })).toHaveAttribute('href', '#');
      expect(within(about).getByRole('link', { name: label })).toHaveAttribute('data-placeholder-link');
    }
    document.body.innerHTML = '';
  });

  it('once running, the validation messages of an empty Submit, on a page without serious accessibility violations', async () => {
    at('/submit');
    const { container } = render(<SubmitPage />);
    await waitFor(() =>
      expect(
        within(field('Course'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select your course', 'COSC 1337 - Introduction to Programming', 'MATH 2413 - Calculus I']),
    );
    // Each message, and the difficulty starting unchosen: QuickForm.test.tsx. Here, the whole page with them.
    await userEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Please select how confused you are')).toBeInTheDocument();
    expect(screen.getByText('Please select a course')).toBeInTheDocument();
    await expectNoSeriousA11yViolations(container);
    expect(createSubmission).not.toHaveBeenCalled();
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    render(<SubmitPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(spanish['Share What Confused You']!);
    expect(screen.getByRole('heading', { name: spanish['Privacy Guarantee'] })).toBeInTheDocument();
  });
});

describe('a new Variant A submission', () => {
  it("chooses the address's course once the list is there", async () => {
    render(<NewSubmission />);
    await waitFor(() => expect(field('Course')).toHaveValue(COURSE));
    expect(field('Course')).toBeEnabled();
  });

  it('with no courses the dropdown reads "No courses available"', async () => {
    at('/submit');
    vi.mocked(getCourses).mockResolvedValue([]);
    render(<NewSubmission />);
    await waitFor(() => expect(within(field('Course')).getAllByRole('option')[0]).toHaveTextContent('No courses available'));
  });

  it("without ?sessionId= sends the server's today (never the phone's date); says it is sending; then the link, a remembered entry and an empty form", async () => {
    let answer: (created: { id: string; editToken: string; sessionId: string }) => void = () => undefined;
    vi.mocked(createSubmission).mockReturnValue(new Promise((done) => (answer = done)));
    render(<NewSubmission />);
    await waitFor(() => expect(field('Course')).toHaveValue(COURSE));
    await fillAndSend();
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    const [body, options] = vi.mocked(createSubmission).mock.calls[0]!;
    expect(body).toEqual({
      courseId: COURSE,
      topic: 'Chain rule',
      confusion: 'Which function is the inner one?',
      difficultyLevel: 'very',
      sessionId: 'today',
    });
    expect(options?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    answer({ id: ID, editToken: TOKEN, sessionId: '2026-11-25' });
    await waitFor(() => expect(notify).toHaveBeenCalledWith(SENT));
    const link = await screen.findByRole('textbox', { name: 'Your private track link' });
    await waitFor(() => expect(link).toHaveValue(`${window.location.origin}/track/${TOKEN}`));
    await waitFor(() => expect(link).toHaveFocus());
    expect(rememberedFeedback()).toEqual([
      expect.objectContaining({
        token: TOKEN,
        courseId: COURSE,
        courseCode: 'MATH 2413',
        courseName: 'Calculus I',
        excerpt: 'Which function is the inner one?',
      }),
    ]);
    expect(field('Topic')).toHaveValue('');
    expect(field('What confused you?')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Very confused' })).not.toBeChecked();
    await waitFor(() => expect(field('Course')).toHaveValue(COURSE));
  });

  it("with ?sessionId= sends that session, and asks about its previous session's note", async () => {
    at(`/submit?courseId=${COURSE}&sessionId=2026-11-24`);
    vi.mocked(createSubmission).mockResolvedValue({ id: ID, editToken: TOKEN, sessionId: '2026-11-24' });
    render(<NewSubmission />);
    await waitFor(() => expect(getFollowUpCheck).toHaveBeenCalledWith(COURSE, '2026-11-24'));
    await fillAndSend();
    await waitFor(() =>
      expect(createSubmission).toHaveBeenCalledWith(expect.objectContaining({ sessionId: '2026-11-24' }), expect.anything()),
    );
  });

  it("asks to rate the course's note's topics for the server's today, and sends the ratings", async () => {
    vi.mocked(getFollowUpCheck).mockResolvedValue({
      noteId: '9a8b7c6d-5e4f-4321-8765-0fedcba98765',
      body: 'Recursion again',
      sessionDate: '2026-11-24',
      addressedTopic: 'the base case',
      controlTopic: 'the call stack',
    });
    vi.mocked(createSubmission).mockResolvedValue({ id: ID, editToken: TOKEN, sessionId: '2026-11-25' });
    render(<NewSubmission />);
    const check = await screen.findByTestId('follow-up-check');
    expect(getFollowUpCheck).toHaveBeenCalledWith(COURSE, '');
    const addressed = within(check).getByRole('group', { name: 'How clear is the base case to you now? (optional)' });
    const control = within(check).getByRole('group', { name: 'How clear is the call stack to you now? (optional)' });
    await userEvent.click(within(addressed).getByRole('radio', { name: '7 Clear now' }));
    await userEvent.click(within(control).getByRole('radio', { name: '4' }));
    await fillAndSend();
    await waitFor(() =>
      expect(createSubmission).toHaveBeenCalledWith(
        expect.objectContaining({ followUpNoteId: '9a8b7c6d-5e4f-4321-8765-0fedcba98765', followUpAddressed: 7, followUpControl: 4 }),
        expect.anything(),
      ),
    );
  });

  it("a refusal shows the server's words in the failure toast and keeps the form; a server error the seed's", async () => {
    vi.mocked(createSubmission).mockRejectedValueOnce(new ApiError(429, 'You have already sent 5 submissions for this class session.'));
    render(<NewSubmission />);
    await waitFor(() => expect(field('Course')).toHaveValue(COURSE));
    const user = await fillAndSend();
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        type: 'error',
        title: 'Submission Failed',
        description: 'You have already sent 5 submissions for this class session.',
      }),
    );
    expect(field('Topic')).toHaveValue('Chain rule');
    vi.mocked(createSubmission).mockRejectedValueOnce(new ApiError(500, 'boom'));
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() =>
      expect(notify).toHaveBeenLastCalledWith({
        type: 'error',
        title: 'Submission Failed',
        description: 'Please try again. If the problem persists, contact support.',
      }),
    );
    expect(screen.queryByTestId('saved-on-device')).toBeNull();
  });

  it("a 400 in the server's shape is shown and not sent again: nothing kept on the phone, nothing sent back online", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.mocked(createSubmission).mockRejectedValueOnce(new ApiError(400, 'Please enter a topic', { code: 'invalid_input' }));
      render(<NewSubmission />);
      await waitFor(() => expect(field('Course')).toHaveValue(COURSE));
      await fillAndSend();
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith({ type: 'error', title: 'Submission Failed', description: 'Please enter a topic' }),
      );
      expect(screen.queryByTestId('saved-on-device')).toBeNull();
      expect(field('What confused you?')).toHaveValue('Which function is the inner one?');
      expect(localStorage.getItem('classpulse.pendingSubmissions')).toBeNull();
      // Offline and online again: nothing was kept, so nothing goes, even past the longest backoff (60 s).
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Feedback' })).toBeEnabled());
      await vi.advanceTimersByTimeAsync(60_000);
      expect(createSubmission).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on bad Wi-Fi: saved on the phone, the text kept, no failure toast; a reload shows it and sends it', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    vi.mocked(createSubmission).mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const { unmount } = render(<NewSubmission />);
    await waitFor(() => expect(field('Course')).toHaveValue(COURSE));
    await fillAndSend();
    expect(await screen.findByTestId('saved-on-device')).toHaveTextContent(
      'Saved on this phone. It will be sent when you are back online.',
    );
    expect(screen.getByTestId('saved-on-device')).toHaveAttribute('role', 'status');
    expect(field('Topic')).toHaveValue('Chain rule');
    expect(field('What confused you?')).toHaveValue('Which function is the inner one?');
    expect(screen.getByRole('radio', { name: 'Very confused' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Your private track link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(notify).not.toHaveBeenCalled();
    unmount();

    vi.mocked(createSubmission).mockReset().mockResolvedValue({ id: ID, editToken: TOKEN, sessionId: '2026-11-25' });
    render(<NewSubmission />);
    await waitFor(() => expect(field('What confused you?')).toHaveValue('Which function is the inner one?'));
    expect(screen.getByRole('radio', { name: 'Very confused' })).toBeChecked();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(SENT));
    expect(createSubmission).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('saved-on-device')).toBeNull();
    expect(field('What confused you?')).toHaveValue('');
  });

  it("a saved submission of another page is not this one's", async () => {
    savePending({ key: 'k'.repeat(43), page: 'submit|other|', body: { topic: 'Not mine' }, savedAt: '2026-11-25T15:00:00Z' });
    render(<NewSubmission />);
    await waitFor(() => expect(field('Course')).toHaveValue(COURSE));
    expect(field('Topic')).toHaveValue('');
    expect(screen.queryByTestId('saved-on-device')).toBeNull();
  });

  it('what a refused post brought back ("Back to the Form") fills the form', async () => {
    window.history.replaceState(
      { usr: { typed: { topic: '   ', confusion: 'Base cases and the call stack', difficultyLevel: 'slightly' } }, key: 'k', idx: 1 },
      '',
      window.location.href,
    );
    render(<NewSubmission />);
    await waitFor(() => expect(field('What confused you?')).toHaveValue('Base cases and the call stack'));
    expect(screen.getByRole('radio', { name: 'Slightly confused' })).toBeChecked();
    await waitFor(() => expect(field('Course')).toHaveValue(COURSE));
  });
});
