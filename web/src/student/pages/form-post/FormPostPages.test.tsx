import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getOwnSubmission } from '../../../shared/api/get-own-submission';
import { rememberedFeedback } from '../../../shared/rememberedFeedback';
import { readStoredFeedback, storageKey } from '../../../shared/storedFeedback';
import { forgetPageOutcome } from './outcome';
import { SENT_TOKEN_ONLY } from './sentMarks';
import SessionNotSentPage from './SessionNotSentPage';
import SessionSentPage from './SessionSentPage';
import SubmitNotSentPage from './SubmitNotSentPage';
import SubmitSentPage from './SubmitSentPage';

vi.mock('../../../shared/api/get-own-submission', () => ({ getOwnSubmission: vi.fn(), submissionIdOf: (t: string) => t.split('.')[0] }));
vi.mock('../../../shared/api/get-course', () => ({
  getCourse: vi.fn(async (id: string) => ({ id, code: 'COSC 1337', name: 'Programming', section: null, term: 'Fall', endedAt: null })),
}));

const TOKEN = `${'1'.repeat(8)}-1111-4111-8111-${'1'.repeat(12)}.${'A'.repeat(43)}`;
const COURSE = 'c0000000-0000-4000-8000-000000001337';

function at(path: string) {
  window.history.replaceState(null, '', path);
}

afterEach(() => {
  at('/');
  forgetPageOutcome();
});

describe('a form posted without JavaScript: sent', () => {
  it('says it was sent in its HTML alone, with the way back and, for a token in the address, the private link card to fill in', () => {
    document.body.innerHTML = renderToString(<SubmitSentPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Submission Sent!' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for your feedback. Your submission has been sent anonymously.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send More Feedback' })).toHaveAttribute('href', '/submit');
    // Shown by the stylesheet only where the head script found a token in the address (sentMarks.ts).
    const card = document.querySelector(`[${SENT_TOKEN_ONLY}]`) as HTMLElement;
    expect(card.querySelector('h2')).toHaveTextContent('Your private track link');
    expect(card.querySelector('input')).toHaveValue('');
    // A tap kept from before the page ran waits for the token: nothing to copy or remember yet.
    expect(within(card).getByRole('button', { name: 'Copy Link' })).toBeDisabled();
    expect(within(card).getByRole('checkbox', { name: 'Remember on this device' })).toBeDisabled();
    expect(card).toHaveTextContent('Notify me if my professor replies');
    expect(card).toHaveTextContent('saying only “Your professor replied” and the course code.');
    document.body.innerHTML = '';
  });

  it('draws no card where the address holds no token (a reload after the token left it)', async () => {
    at(`/submit/sent?courseId=${COURSE}`);
    render(<SubmitSentPage />);
    expect(await screen.findByRole('link', { name: 'Send More Feedback' })).toHaveAttribute('href', `/submit?courseId=${COURSE}`);
    expect(document.querySelector(`[${SENT_TOKEN_ONLY}]`)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your private track link' })).toBeNull();
  });

  it('then takes the token out of the address, offers the way back, and the private link, remembered on this device', async () => {
    vi.mocked(getOwnSubmission).mockResolvedValue({
      id: TOKEN.split('.')[0],
      kind: 'session',
      courseId: COURSE,
      unclearParts: 'The pointer diagrams',
      createdAt: '2026-11-27T10:00:00Z',
      reply: null,
      notify: false,
    } as never);
    at(`/class-session/sent?courseId=${COURSE}&sessionId=2026-11-27#token=${TOKEN}`);
    render(<SessionSentPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Submitted!' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to the Form' })).toHaveAttribute(
      'href',
      `/class-session?courseId=${COURSE}&sessionId=2026-11-27`,
    );
    expect(window.location.hash).toBe('');
    expect(await screen.findByRole('heading', { name: 'Your private track link' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy Link' })).toBeEnabled());
    expect(screen.getByRole('checkbox', { name: 'Remember on this device' })).toBeEnabled();
    await waitFor(() =>
      expect(rememberedFeedback()).toMatchObject([{ token: TOKEN, courseCode: 'COSC 1337', excerpt: 'The pointer diagrams' }]),
    );
    // Session Feedback shows it, editable, while the session is open.
    expect(readStoredFeedback(storageKey(COURSE, '2026-11-27'))).toEqual({ id: TOKEN.split('.')[0], editToken: TOKEN });
  });

  it('offers "Send More Feedback" after Submit Feedback', async () => {
    at(`/submit/sent?courseId=${COURSE}#nothing=1`);
    render(<SubmitSentPage />);
    expect(await screen.findByRole('link', { name: 'Send More Feedback' })).toHaveAttribute('href', `/submit?courseId=${COURSE}`);
  });
});

describe('a form posted without JavaScript: not sent', () => {
  it("says nothing was saved, in its HTML alone (the browser's Back is the way back)", () => {
    document.body.innerHTML = renderToString(<SessionNotSentPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your feedback was not sent' })).toBeInTheDocument();
    expect(
      screen.getByText('Nothing was saved. Go back to the form, where what you typed is kept, and send it again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to the Form' })).toBeNull();
  });

  it('lists the refusal by field and goes back to the form with what was typed', async () => {
    at(
      `/submit/not-sent?courseId=${COURSE}#${new URLSearchParams({ error: 'Invalid input', 'e.topic': 'Please enter a topic', 'v.confusion': 'The base case' })}`,
    );
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    render(<SubmitNotSentPage />);
    expect(await screen.findByRole('listitem')).toHaveTextContent('Topic: Please enter a topic');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the Form' }));
    expect(window.history.state).toMatchObject({ usr: { typed: { confusion: 'The base case' } } });
    expect(reload).toHaveBeenCalled();
  });

  it("says a refusal that names no field in the server's words, by its code", async () => {
    at(
      `/class-session/not-sent#${new URLSearchParams({ error: 'You have already sent 5 submissions for this class session.', code: 'device_submission_limit', 'p.count': '5' })}`,
    );
    render(<SessionNotSentPage />);
    expect(await screen.findByText('You have already sent 5 submissions for this class session.')).toBeInTheDocument();
  });
});
