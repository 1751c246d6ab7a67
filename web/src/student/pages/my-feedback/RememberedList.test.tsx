import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { getOwnSubmission } from '../../../shared/api/get-own-submission';
import { rememberFeedback, rememberedFeedback } from '../../../shared/rememberedFeedback';
import RememberedList from './RememberedList.island';

vi.mock('../../../shared/api/get-own-submission', () => ({ getOwnSubmission: vi.fn() }));

const entry = (token: string, sentAt: string, courseCode = 'COSC 1337') => ({
  token,
  courseId: 'c1',
  courseCode,
  courseName: courseCode ? 'Programming' : '',
  excerpt: `Feedback ${token}`,
  sentAt,
});

describe("My feedback's list", () => {
  it('is the empty state in the HTML (a device that remembers feedback hides it: way-back.spec.ts)', () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(<RememberedList />);
    expect(page).toHaveTextContent('This device remembers no feedback.Submit Feedback');
  });

  it('says this device remembers nothing, with a way to send feedback', async () => {
    render(<RememberedList />);
    expect(await screen.findByText('This device remembers no feedback.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submit Feedback' })).toHaveAttribute('href', '/submit');
  });

  it("lists each remembered feedback, newest first, with its reply, or why it can't say", async () => {
    vi.mocked(getOwnSubmission).mockImplementation(async (token) => {
      if (token === 'a.1') return { reply: { body: 'See you Monday', updatedAt: '' } } as never;
      if (token === 'b.2') throw new ApiError(404, 'Submission not found');
      throw new ApiError(0, 'Failed to fetch');
    });
    rememberFeedback(entry('a.1', '2026-11-25T10:00:00Z'));
    rememberFeedback(entry('b.2', '2026-11-26T10:00:00Z', ''));
    rememberFeedback(entry('c.3', '2026-11-27T10:00:00Z'));
    render(<RememberedList />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'COSC 1337 · Programming',
      'Course',
      'COSC 1337 · Programming',
    ]);
    await waitFor(() => expect(items[2]).toHaveTextContent('See you Monday'));
    expect(within(items[2]!).getByText('Your professor replied')).toBeInTheDocument();
    await waitFor(() => expect(items[1]).toHaveTextContent('This feedback no longer exists: it was removed.'));
    await waitFor(() => expect(items[0]).toHaveTextContent('Could not check for a reply. Try again later.'));
    expect(within(items[0]!).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/track/c.3');
  });

  it('shows the list once every entry has its answer, so no card grows under the eyes: a loading line until then', async () => {
    let answerLast: (value: never) => void = () => {};
    vi.mocked(getOwnSubmission).mockClear();
    vi.mocked(getOwnSubmission).mockImplementation((token) =>
      token === 'a.1'
        ? new Promise((resolve) => (answerLast = resolve))
        : Promise.resolve({ reply: { body: 'See you Monday', updatedAt: '' } } as never),
    );
    rememberFeedback(entry('a.1', '2026-11-25T10:00:00Z'));
    rememberFeedback(entry('b.2', '2026-11-26T10:00:00Z'));
    render(<RememberedList />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your feedback...');
    await waitFor(() => expect(getOwnSubmission).toHaveBeenCalledTimes(2));
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Forget all' })).toBeNull();
    answerLast({ reply: null } as never);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('See you Monday');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Forget all' })).toBeInTheDocument();
  });

  it('forgets one, then all', async () => {
    vi.mocked(getOwnSubmission).mockResolvedValue({ reply: null } as never);
    rememberFeedback(entry('a.1', '2026-11-25T10:00:00Z'));
    rememberFeedback(entry('b.2', '2026-11-26T10:00:00Z'));
    render(<RememberedList />);
    const [newest] = await screen.findAllByRole('listitem');
    await userEvent.click(within(newest!).getByRole('button', { name: 'Forget' }));
    expect(rememberedFeedback().map((e) => e.token)).toEqual(['a.1']);
    await userEvent.click(await screen.findByRole('button', { name: 'Forget all' }));
    expect(rememberedFeedback()).toEqual([]);
    expect(await screen.findByText('This device remembers no feedback.')).toBeInTheDocument();
  });
});
