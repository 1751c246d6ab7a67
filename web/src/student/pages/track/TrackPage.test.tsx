import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import { ApiError } from '../../../lib/errors';
import spanish from '../../../locales/es/student-side';
import { type OwnQuickSubmission, type OwnSessionSubmission, getOwnSubmission } from '../../../shared/api/get-own-submission';
import { getCourse } from '../../../shared/api/get-course';
import { updateOwnSubmission } from '../../../shared/api/update-own-submission';
import { expectNoSeriousA11yViolations } from '../../../test/axe';
import { notify } from '../../ui/toaster';
import TrackPage from './TrackPage';
import TrackedSubmission from './TrackedSubmission.island';

const COURSE = 'c0000000-0000-4000-8000-000000001337';
const ID = '3ee1a878-757b-412a-a43f-318fafd6e8ac';
const TOKEN = `${ID}.secret`;
const ENDED = 'This class session has ended; feedback can no longer be edited.';

vi.mock('../../../shared/api/get-course', () => ({
  getCourse: vi.fn(async (id: string) => ({
    id,
    code: 'COSC 1337',
    name: 'Introduction to Programming',
    section: null,
    term: 'Fall 2026',
    endedAt: null,
  })),
}));
vi.mock('../../../shared/api/get-own-submission', async (original) => ({
  ...(await original<typeof import('../../../shared/api/get-own-submission')>()),
  getOwnSubmission: vi.fn(),
}));
vi.mock('../../../shared/api/update-own-submission', () => ({ updateOwnSubmission: vi.fn() }));
vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), notify: vi.fn() }));

const base = {
  id: ID,
  courseId: COURSE,
  sessionId: 'ef34a5ed-5432-416c-af6f-ef142a6b4f64',
  open: true,
  expiresAt: '2026-11-26T05:59:59.999Z',
  createdAt: '2026-11-25T15:00:00Z',
  updatedAt: '2026-11-25T15:00:00Z',
  reply: null,
  notify: false,
};
const quick = (extra: Partial<OwnQuickSubmission> = {}): OwnQuickSubmission => ({
  ...base,
  kind: 'quick',
  topic: 'Recursion',
  confusion: 'Still unsure about Recursion.',
  difficultyLevel: 'slightly',
  ...extra,
});
const session = (extra: Partial<OwnSessionSubmission> = {}): OwnSessionSubmission => ({
  ...base,
  kind: 'session',
  mindAfterSession: 'Pointers',
  unclearParts: 'Pointer arithmetic',
  wentWell: 'Diagrams',
  pace: 'too_fast',
  challengeLevel: 'slightly_hard',
  clarityRating: 3,
  confidenceLevel: 40,
  ...extra,
});

// A required field's label ends with its asterisk.
const field = (form: string, label: string) => within(screen.getByRole('form', { name: form })).getByLabelText(label, { exact: false });

beforeEach(() => {
  vi.resetAllMocks();
  window.history.replaceState(null, '', `/track/${TOKEN}`);
});
afterEach(() => {
  setLanguage('en');
  window.history.replaceState(null, '', '/');
});

describe('the track page, as first served', () => {
  it("holds a screen's height while it loads the submission, under its title and above the privacy guarantee", () => {
    document.body.innerHTML = renderToString(<TrackPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your Anonymous Feedback');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your submission...');
    expect(screen.getByRole('status').parentElement?.className).toContain('min-h_100vh');
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy Guarantee' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    document.body.innerHTML = '';
  });
});

describe('a private link', () => {
  it("opens a Variant A submission to edit, with the professor's reply and its private link; Update Feedback saves it", async () => {
    vi.mocked(getOwnSubmission).mockResolvedValue(
      quick({ reply: { body: 'Start from the base case.', updatedAt: '2026-11-25T16:00:00Z' } }),
    );
    render(<TrackedSubmission />);
    expect(await screen.findByTestId('professor-reply')).toHaveTextContent('Start from the base case.');
    expect(getOwnSubmission).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByRole('heading', { level: 2, name: 'Your professor replied' })).toBeInTheDocument();
    expect(await screen.findByText('COSC 1337 - Introduction to Programming')).toBeInTheDocument();
    expect(field('Feedback', 'Topic')).toHaveValue('Recursion');
    expect(field('Feedback', 'What confused you?')).toHaveValue('Still unsure about Recursion.');
    expect(screen.getByRole('radio', { name: 'Slightly confused' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Your private track link' })).toHaveValue(`${window.location.origin}/track/${TOKEN}`),
    );

    vi.mocked(updateOwnSubmission).mockResolvedValue(quick({ topic: 'Recursion, base cases', difficultyLevel: 'completely' }));
    const user = userEvent.setup();
    await user.clear(field('Feedback', 'Topic'));
    await user.type(field('Feedback', 'Topic'), 'Recursion, base cases');
    await user.click(screen.getByRole('radio', { name: 'Completely lost' }));
    await user.click(screen.getByRole('button', { name: 'Update Feedback' }));
    await waitFor(() =>
      expect(updateOwnSubmission).toHaveBeenCalledWith({
        editToken: TOKEN,
        content: { topic: 'Recursion, base cases', confusion: 'Still unsure about Recursion.', difficultyLevel: 'completely' },
      }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        type: 'success',
        title: 'Updated!',
        description: 'Your feedback has been updated successfully.',
      }),
    );
    expect(field('Feedback', 'Topic')).toHaveValue('Recursion, base cases');
    expect(screen.getByRole('button', { name: 'Update Feedback' })).toBeEnabled();
  });

  it('draws the form once its course is read too, its name there from the start: nothing under it moves, and nothing reads it again', async () => {
    vi.mocked(getOwnSubmission).mockResolvedValue(quick());
    let answer!: () => void;
    const course = vi.mocked(getCourse);
    const real = course.getMockImplementation()!;
    course.mockImplementationOnce((id) => new Promise((resolve) => (answer = () => resolve(real(id)))));
    render(<TrackedSubmission />);
    await waitFor(() => expect(course).toHaveBeenCalledWith(COURSE));
    expect(screen.getByText('Loading your submission...')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Feedback' })).toBeNull();
    answer();
    const form = await screen.findByRole('form', { name: 'Feedback' });
    expect(within(form).getByText('COSC 1337 - Introduction to Programming')).toBeInTheDocument();
    // The private link names the same course without reading it again.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Your private track link' })).toHaveValue(`${window.location.origin}/track/${TOKEN}`),
    );
    expect(course).toHaveBeenCalledTimes(1);
  });

  it('in a browser without the Push API, one line says so, and the private link keeps its page and form', async () => {
    // happy-dom has no PushManager, like such a browser.
    expect('PushManager' in window).toBe(false);
    vi.mocked(getOwnSubmission).mockResolvedValue(quick({ confusion: 'How does the base case stop it?' }));
    render(<TrackedSubmission />);
    expect((await screen.findByTestId('notify-unavailable')).textContent).toBe(
      'This browser cannot notify you of a reply: keep your private link to read it.',
    );
    expect(screen.queryByRole('checkbox', { name: 'Notify me if my professor replies' })).toBeNull();
    expect(field('Feedback', 'What confused you?')).toHaveValue('How does the base case stop it?');
    expect(window.location.pathname).toBe(`/track/${TOKEN}`);
  });

  it('says "Updating..." while it saves, and a refused update in the server\'s words', async () => {
    vi.mocked(getOwnSubmission).mockResolvedValue(quick());
    let refuse: (error: unknown) => void = () => undefined;
    vi.mocked(updateOwnSubmission).mockReturnValue(new Promise((_, fail) => (refuse = fail)));
    render(<TrackedSubmission />);
    await userEvent.click(await screen.findByRole('button', { name: 'Update Feedback' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    refuse(new ApiError(403, 'This class session has ended.'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ type: 'error', title: 'Error', description: 'This class session has ended.' }),
    );
    expect(screen.getByRole('button', { name: 'Update Feedback' })).toBeEnabled();
  });

  it("after the session ended: the seed's note, read-only, no Update button", async () => {
    vi.mocked(getOwnSubmission).mockResolvedValue(quick({ open: false }));
    render(<TrackedSubmission />);
    expect(await screen.findByText(ENDED)).toBeInTheDocument();
    expect(field('Feedback', 'Topic')).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: 'Completely lost' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update Feedback' })).toBeNull();
  });

  it('opens a Variant B submission in its own form, its course fixed, and saves its content', async () => {
    vi.mocked(getOwnSubmission).mockResolvedValue(session());
    vi.mocked(updateOwnSubmission).mockResolvedValue(session());
    render(<TrackedSubmission />);
    expect(await screen.findByRole('form', { name: 'Session feedback' })).toBeInTheDocument();
    expect(field('Session feedback', 'What parts were unclear?')).toHaveValue('Pointer arithmetic');
    expect(field('Session feedback', 'How was the pace?')).toHaveValue('too_fast');
    expect(field('Session feedback', 'How clear was this session?')).toHaveValue('3');
    expect(screen.queryByRole('button', { name: 'Start Fresh' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Update Feedback' }));
    await waitFor(() =>
      expect(updateOwnSubmission).toHaveBeenCalledWith({
        editToken: TOKEN,
        content: {
          mindAfterSession: 'Pointers',
          unclearParts: 'Pointer arithmetic',
          wentWell: 'Diagrams',
          pace: 'too_fast',
          challengeLevel: 'slightly_hard',
          clarityRating: 3,
          confidenceLevel: 40,
        },
      }),
    );
  });

  it('a Variant B submission whose session ended is read-only', async () => {
    vi.mocked(getOwnSubmission).mockResolvedValue(session({ open: false }));
    render(<TrackedSubmission />);
    expect(await screen.findByText(ENDED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Feedback' })).toBeDisabled();
  });

  it('that opens nothing says so, with the way to new feedback', async () => {
    vi.mocked(getOwnSubmission).mockRejectedValue(new ApiError(404, 'Submission not found'));
    const { container } = render(<TrackPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Submission Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This track link is not valid: it may be mistyped, or the feedback was removed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submit New Feedback' })).toHaveAttribute('href', '/submit');
    await expectNoSeriousA11yViolations(container);
  });

  it('that names no submission at all (/track/garbage) is not found without asking the server', async () => {
    window.history.replaceState(null, '', '/track/garbage');
    const real = await vi.importActual<typeof import('../../../shared/api/get-own-submission')>('../../../shared/api/get-own-submission');
    const fetch = vi.spyOn(globalThis, 'fetch');
    vi.mocked(getOwnSubmission).mockImplementation(real.getOwnSubmission);
    render(<TrackedSubmission />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Submission Not Found' })).toBeInTheDocument();
    expect(getOwnSubmission).toHaveBeenCalledWith('garbage');
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });

  it('a read that fails for the network is not "not found": it offers "Try again"', async () => {
    vi.mocked(getOwnSubmission).mockRejectedValueOnce(new ApiError(0, 'Failed to fetch')).mockResolvedValueOnce(quick());
    render(<TrackedSubmission />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2, name: 'Unable to load your submission' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Please check your connection and try again.');
    expect(screen.queryByText('Submission Not Found')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('in Spanish', async () => {
    addCatalog('es', spanish);
    setLanguage('es');
    vi.mocked(getOwnSubmission).mockRejectedValue(new ApiError(404, 'Submission not found'));
    render(<TrackPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(spanish['Your Anonymous Feedback']!);
    expect(await screen.findByRole('heading', { level: 2, name: spanish['Submission Not Found'] })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: spanish['Submit New Feedback'] })).toHaveAttribute('href', '/submit');
  });
});
