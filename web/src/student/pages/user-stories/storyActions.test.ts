import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { shownToast } from '../../ui/toaster';
import { readSessionToken, saveSessionToken } from './api/browser-state';
import { createUserStory } from './api/create-user-story';
import { deleteUserStory } from './api/delete-user-story';
import { mergeUserStories } from './api/merge-user-stories';
import { toggleVote } from './api/toggle-vote';
import { updateUserStory } from './api/update-user-story';
import { deleteStory, mergeStories, submitStory, updateStory, vote } from './storyActions';
import { aStory, dismissAllToasts } from './storyFixtures';

vi.mock('./api/create-user-story', () => ({ createUserStory: vi.fn() }));
vi.mock('./api/update-user-story', () => ({ updateUserStory: vi.fn() }));
vi.mock('./api/delete-user-story', () => ({ deleteUserStory: vi.fn() }));
vi.mock('./api/merge-user-stories', () => ({ mergeUserStories: vi.fn() }));
vi.mock('./api/toggle-vote', () => ({ toggleVote: vi.fn() }));

const toast = () => {
  const shown = shownToast();
  return shown && { type: shown.type, title: shown.title, description: shown.description };
};

beforeEach(() => vi.resetAllMocks());
afterEach(dismissAllToasts);

const built = {
  title: 'As a student, I want to x',
  description: 'As a student, I want to x, so that y.',
  submittedBy: null,
  impact: 5,
  confidence: 5,
  ease: 5,
};

describe("the board's writes", () => {
  it.each([
    ['submitting', () => submitStory(built), createUserStory, 'User story submitted successfully!', 'Failed to submit user story'],
    [
      'updating',
      () => updateStory('s1', { status: 'done' }),
      updateUserStory,
      'User story updated successfully!',
      'Failed to update user story',
    ],
    ['deleting', () => deleteStory('s1'), deleteUserStory, 'User story deleted successfully!', 'Failed to delete user story'],
    ['merging', () => mergeStories('s1', 's2'), mergeUserStories, 'User stories merged successfully!', 'Failed to merge user stories'],
  ] as const)('%s says how it went, in the seed’s words', async (_, run, call, done, failed) => {
    vi.mocked(call).mockResolvedValueOnce(undefined as never);
    expect(await run()).toBe(true);
    expect(toast()).toEqual({ type: 'success', title: 'Success', description: done });
    dismissAllToasts();

    vi.mocked(call).mockRejectedValueOnce(new ApiError(403, 'Forbidden'));
    expect(await run()).toBe(false);
    expect(toast()).toEqual({ type: 'error', title: 'Error', description: failed });
  });

  it('sends the calls the façade makes', async () => {
    await updateStory('s1', { status: 'done' });
    expect(updateUserStory).toHaveBeenCalledWith({ id: 's1', changes: { status: 'done' } });
    await mergeStories('keep', 'merged');
    expect(mergeUserStories).toHaveBeenCalledWith({ keepId: 'keep', mergeId: 'merged' });
  });
});

describe('a vote', () => {
  const story = aStory();

  it('is not sent without a session token: "Session Required"', async () => {
    expect(await vote(story)).toBeNull();
    expect(toggleVote).not.toHaveBeenCalled();
    expect(toast()).toEqual({ type: 'error', title: 'Session Required', description: 'Please submit a user story first to enable voting' });
  });

  it('gives the new count', async () => {
    saveSessionToken('token');
    vi.mocked(toggleVote).mockResolvedValueOnce({ upvoteCount: 1, hasUpvoted: true });
    expect(await vote(story)).toEqual({ upvoteCount: 1, hasUpvoted: true });
    expect(toggleVote).toHaveBeenCalledWith({ story });
    expect(toast()).toBeUndefined();
  });

  it('refused for a token the server does not know: the token is dropped, "Session Required", and the list is read again', async () => {
    saveSessionToken('made-up');
    vi.mocked(toggleVote).mockRejectedValueOnce(new ApiError(401, 'Unknown session'));
    expect(await vote(story)).toBe('read again');
    expect(readSessionToken()).toBeNull();
    expect(toast()?.title).toBe('Session Required');
  });

  it('failing otherwise: "Failed to update vote"', async () => {
    saveSessionToken('token');
    vi.mocked(toggleVote).mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
    expect(await vote(story)).toBeNull();
    expect(readSessionToken()).toBe('token');
    expect(toast()).toEqual({ type: 'error', title: 'Error', description: 'Failed to update vote' });
  });
});
