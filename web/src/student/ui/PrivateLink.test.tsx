import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberFeedback, rememberedFeedback } from '../../shared/rememberedFeedback';
import { PrivateLink } from './PrivateLink';
import { shownToast } from './toaster';

vi.mock('../../shared/api/get-course', () => ({
  getCourse: vi.fn(async (id: string) => ({ id, code: 'COSC 1337', name: 'Programming', section: null, term: 'Fall 2026', endedAt: null })),
}));
vi.mock('../../shared/api/get-own-submission', () => ({
  submissionIdOf: (token: string) => token.split('.')[0],
  getOwnSubmission: vi.fn(async () => ({ reply: null, notify: false })),
}));

const TOKEN = '11111111-1111-4111-8111-111111111111.secret';
const props = { editToken: TOKEN, courseId: 'c1', excerpt: 'Where the calls stop', sentAt: '2026-11-27T10:00:00Z' };

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => undefined) }, configurable: true });
});

describe('PrivateLink', () => {
  it("shows the private link, and copies it with the seed's toast", async () => {
    render(<PrivateLink {...props} />);
    expect(screen.getByRole('heading', { name: 'Your private track link' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Your private track link' })).toHaveValue(`${location.origin}/track/${TOKEN}`),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(`${location.origin}/track/${TOKEN}`);
    expect(shownToast()).toMatchObject({ title: 'Copied!', description: 'Link copied to clipboard' });
  });

  it('says so when copying fails', async () => {
    vi.mocked(navigator.clipboard.writeText).mockRejectedValueOnce(new Error('denied'));
    render(<PrivateLink {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(shownToast()).toMatchObject({ title: 'Error', description: 'Failed to copy to clipboard' }));
  });

  it('"Remember on this device" adds it to this browser\'s list with its course, and unticking forgets it', async () => {
    render(<PrivateLink {...props} />);
    const box = await screen.findByRole('checkbox', { name: 'Remember on this device' });
    // The course has come (the list then names it); this browser (happy-dom) has no push: it says so.
    await screen.findByTestId('notify-unavailable');
    await userEvent.click(box);
    expect(rememberedFeedback()).toEqual([
      {
        token: TOKEN,
        courseId: 'c1',
        courseCode: 'COSC 1337',
        courseName: 'Programming',
        excerpt: 'Where the calls stop',
        sentAt: props.sentAt,
      },
    ]);
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.click(box);
    expect(rememberedFeedback()).toEqual([]);
  });

  it('is ticked for feedback this device remembers', async () => {
    rememberFeedback({ token: TOKEN, courseId: 'c1', courseCode: '', courseName: '', excerpt: 'x', sentAt: props.sentAt });
    render(<PrivateLink {...props} />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Remember on this device' })).toBeChecked());
    // The course came after: the list now names it.
    await waitFor(() => expect(rememberedFeedback()[0]).toMatchObject({ courseCode: 'COSC 1337', courseName: 'Programming' }));
  });

  it('takes focus in place of the form just sent', async () => {
    render(<PrivateLink {...props} focusOnMount />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your private track link' })).toHaveFocus());
  });
});
