// Recent Submissions from the submissions the façade is given (no stack): what each item shows,
// "Mark reviewed" for one or all shown, hiding from the public page, and the loading, empty and
// failed states.
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import { toaster } from '../../shared/ui/toaster';
import { renderInApp, screen } from '../../test/renderInApp';
import { expectToast } from '../../test/toasts';
import type { ProfessorSubmission } from './api/submission-rows';

interface SubmissionsRead {
  data?: ProfessorSubmission[];
  isLoading?: boolean;
  isError?: boolean;
  isSuccess?: boolean;
}
const read = vi.hoisted(() => ({ current: {} as SubmissionsRead }));
const markReviewed = vi.hoisted(() => vi.fn());
const setHidden = vi.hoisted(() => vi.fn());

vi.mock('./api/get-submissions', async (original) => ({
  ...(await original<object>()),
  useRecentSubmissions: () => ({ isLoading: false, isError: false, isSuccess: false, ...read.current }),
}));
vi.mock('./api/mark-reviewed', async (original) => ({
  ...(await original<object>()),
  useMarkReviewed: () => ({ mutateAsync: markReviewed, isPending: false }),
}));
vi.mock('./api/set-submission-hidden', async (original) => ({
  ...(await original<object>()),
  useSetSubmissionHidden: () => ({ mutateAsync: setHidden, isPending: false }),
}));

const { RecentSubmissions } = await import('./RecentSubmissions');

const submission = (id: string, topic: string, more: Partial<ProfessorSubmission> = {}): ProfessorSubmission => ({
  id,
  courseId: 'c1',
  course: { code: 'CS 101', name: 'Programming', section: null },
  kind: 'quick',
  topic,
  confusion: `About ${topic}`,
  difficultyLevel: 'slightly',
  createdAt: '2026-09-14T10:00:00Z',
  reviewedAt: null,
  hiddenAt: null,
  mindAfterSession: null,
  unclearParts: null,
  wentWell: null,
  pace: null,
  challengeLevel: null,
  clarityRating: null,
  confidenceLevel: null,
  reply: null,
  ...more,
});
const RECURSION = submission('r1', 'Recursion', {
  kind: 'session',
  difficultyLevel: 'very',
  course: { code: 'CS 101', name: 'Programming', section: '002' },
});
const LOOPS = submission('r2', 'Loops', { reviewedAt: '2026-09-14T11:00:00Z', hiddenAt: '2026-09-14T11:00:00Z', difficultyLevel: null });
const SORTING = submission('r3', 'Sorting', { difficultyLevel: 'completely' });

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  read.current = { data: [RECURSION, LOOPS, SORTING], isSuccess: true };
  markReviewed.mockResolvedValue({ changed: 1 });
  setHidden.mockResolvedValue(undefined);
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  vi.clearAllMocks();
});

const show = async () => ({ unmount } = await renderInApp(<RecentSubmissions courseId="c1" />));
const item = (topic: string) => within(screen.getByText(topic, { selector: 'p' }).closest('li')!);

describe('RecentSubmissions', () => {
  it('shows each submission’s difficulty, course, kind, topic and text, in the order given', async () => {
    await show();
    const region = within(screen.getByRole('region', { name: 'Recent Submissions' }));
    const topics = region
      .getAllByTestId('recent-submission')
      .map((li) => ['Recursion', 'Loops', 'Sorting'].find((topic) => li.textContent!.includes(topic)));
    expect(topics).toEqual(['Recursion', 'Loops', 'Sorting']);
    expect(screen.queryByText(/^No submissions yet/)).toBeNull();
    const recursion = item('Recursion');
    expect(recursion.getByText('Very confused')).toBeTruthy();
    expect(recursion.getByText('CS 101 · Section 002')).toBeTruthy();
    expect(recursion.getByText(/^Session feedback · /)).toBeTruthy();
    expect(recursion.getByText('About Recursion')).toBeTruthy();
    expect(item('Loops').getByText('Not confused')).toBeTruthy();
    expect(item('Loops').getByText(/^Quick feedback · /)).toBeTruthy();
    expect(item('Sorting').getByText('Completely lost')).toBeTruthy();
  });

  it('shows "Reviewed" and "Hidden from public page" on a reviewed, hidden submission', async () => {
    await show();
    expect(item('Loops').getByText('Reviewed')).toBeTruthy();
    expect(item('Loops').getByText('Hidden from public page')).toBeTruthy();
    expect(item('Loops').queryByRole('button', { name: /^Mark reviewed/ })).toBeNull();
    expect(item('Loops').getByRole('button', { name: 'Show on public page: Loops' })).toBeTruthy();
    expect(item('Recursion').queryByText('Reviewed')).toBeNull();
  });

  it('"Mark reviewed" marks that one; "Mark all shown reviewed" every one not yet reviewed', async () => {
    await show();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark reviewed: Sorting' }));
    expect(markReviewed).toHaveBeenLastCalledWith({ ids: ['r3'] });
    await user.click(screen.getByRole('button', { name: 'Mark all shown reviewed' }));
    expect(markReviewed).toHaveBeenLastCalledWith({ ids: ['r1', 'r3'] });
  });

  it('says so when marking failed', async () => {
    markReviewed.mockRejectedValue(new Error('offline'));
    await show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark reviewed: Recursion' }));
    await expectToast('Error', 'Failed to mark feedback as reviewed');
  });

  it('offers no "Mark all shown reviewed" when every one shown is reviewed', async () => {
    read.current = { data: [LOOPS], isSuccess: true };
    await show();
    expect(screen.queryByRole('button', { name: 'Mark all shown reviewed' })).toBeNull();
  });

  it('hides a submission from the public page', async () => {
    await show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide from public page: Recursion' }));
    await waitFor(() => expect(setHidden).toHaveBeenCalledWith({ ids: ['r1'], hidden: true }));
    await expectToast('Success', 'Feedback hidden from the public page');
  });

  it('shows a hidden submission on the public page again', async () => {
    await show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show on public page: Loops' }));
    await waitFor(() => expect(setHidden).toHaveBeenCalledWith({ ids: ['r2'], hidden: false }));
    await expectToast('Success', 'Feedback shown on the public page');
  });

  it('says a refused hide in the server’s words', async () => {
    setHidden.mockRejectedValue(new ApiError(403, 'Only the teaching team can hide feedback'));
    await show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide from public page: Sorting' }));
    await expectToast('Error', 'Only the teaching team can hide feedback');
  });

  it('invites sharing the class link when there is no submission yet', async () => {
    read.current = { data: [], isSuccess: true };
    await show();
    expect(screen.getByText("No submissions yet. Share today's class link to start collecting feedback.")).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('is announced as loading while it loads, and says "Unable to load submissions" when it failed', async () => {
    read.current = { isLoading: true };
    await show();
    expect(screen.getByRole('status', { name: 'Loading submissions' })).toBeTruthy();
    await unmount!();
    read.current = { isError: true };
    await show();
    expect(screen.getByText('Unable to load submissions')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
