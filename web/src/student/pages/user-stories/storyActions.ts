import { msg } from '../../../i18n/msg';
import { ApiError } from '../../../lib/errors';
import type { StoryCreate, StoryEdit } from '../../../lib/schemas';
import { notify } from '../../ui/toaster';
import { SESSION_REQUIRED, clearSessionToken, readSessionToken } from './api/browser-state';
import { createUserStory } from './api/create-user-story';
import { deleteUserStory } from './api/delete-user-story';
import type { StoryStatus, UserStory } from './api/get-user-stories';
import { mergeUserStories } from './api/merge-user-stories';
import { type VoteResult, toggleVote } from './api/toggle-vote';
import { updateUserStory } from './api/update-user-story';

// The board's writes, each with its success and failure toast (the seed's texts; the server's
// reason is not shown). Each says whether it was done: the board then reads the list again.

const success = (description: string) => notify({ type: 'success', title: msg('Success'), description });
const failure = (description: string) => notify({ type: 'error', title: msg('Error'), description });

async function write(send: () => Promise<unknown>, done: string, failed: string): Promise<boolean> {
  try {
    await send();
  } catch {
    failure(failed);
    return false;
  }
  success(done);
  return true;
}

export const submitStory = (story: StoryCreate) =>
  write(() => createUserStory(story), msg('User story submitted successfully!'), msg('Failed to submit user story'));

export const updateStory = (id: string, changes: StoryEdit | { status: StoryStatus }) =>
  write(() => updateUserStory({ id, changes }), msg('User story updated successfully!'), msg('Failed to update user story'));

export const deleteStory = (id: string) =>
  write(() => deleteUserStory(id), msg('User story deleted successfully!'), msg('Failed to delete user story'));

export const mergeStories = (keepId: string, mergeId: string) =>
  write(() => mergeUserStories({ keepId, mergeId }), msg('User stories merged successfully!'), msg('Failed to merge user stories'));

function sessionRequired() {
  notify({ type: 'error', title: msg('Session Required'), description: SESSION_REQUIRED });
}

/**
 * Toggles this browser's vote on a story: its new count, or 'read again' when the server no longer
 * knows this browser's token (dropped, so the next read of the list issues a new one), or null.
 * Without a token nothing is sent.
 */
export async function vote(story: UserStory): Promise<VoteResult | 'read again' | null> {
  if (!readSessionToken()) {
    sessionRequired();
    return null;
  }
  try {
    return await toggleVote({ story });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearSessionToken();
      sessionRequired();
      return 'read again';
    }
    failure(msg('Failed to update vote'));
    return null;
  }
}
