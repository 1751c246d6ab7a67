import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/errors';
import { toaster } from '../../shared/ui/toaster';
import { SESSION_REQUIRED, clearSessionToken, readSessionToken } from './api/browser-state';
import { useCreateUserStory } from './api/create-user-story';
import { useDeleteUserStory } from './api/delete-user-story';
import { type UserStory, refetchStories } from './api/get-user-stories';
import { useMergeUserStories } from './api/merge-user-stories';
import { useToggleVote } from './api/toggle-vote';
import { useUpdateUserStory } from './api/update-user-story';
import { msg } from '../../i18n/msg';

// The board's write actions, each with its success and failure toast.

const success = (description: string) => () => void toaster.create({ type: 'success', title: msg('Success'), description });
const failure = (description: string) => () => void toaster.create({ type: 'error', title: msg('Error'), description });

export const useCreateStory = () =>
  useCreateUserStory({
    mutationConfig: { onSuccess: success(msg('User story submitted successfully!')), onError: failure(msg('Failed to submit user story')) },
  });

export const useUpdateStory = () =>
  useUpdateUserStory({
    mutationConfig: { onSuccess: success(msg('User story updated successfully!')), onError: failure(msg('Failed to update user story')) },
  });

export const useDeleteStory = () =>
  useDeleteUserStory({
    mutationConfig: { onSuccess: success(msg('User story deleted successfully!')), onError: failure(msg('Failed to delete user story')) },
  });

export const useMergeStories = () =>
  useMergeUserStories({
    mutationConfig: { onSuccess: success(msg('User stories merged successfully!')), onError: failure(msg('Failed to merge user stories')) },
  });

function sessionRequired() {
  toaster.create({ type: 'error', title: msg('Session Required'), description: SESSION_REQUIRED });
}

/** Toggles this browser's vote on a story; without a session token nothing is sent. */
export function useVote() {
  const queryClient = useQueryClient();
  const mutation = useToggleVote({
    mutationConfig: {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          // The server no longer knows this token: drop it so the next list call issues a new one.
          clearSessionToken();
          sessionRequired();
          return refetchStories(queryClient);
        }
        failure(msg('Failed to update vote'))();
      },
    },
  });
  const vote = (story: UserStory) => {
    if (!readSessionToken()) {
      sessionRequired();
      return;
    }
    mutation.mutate({ story });
  };
  return { vote, isPending: mutation.isPending, pendingId: mutation.isPending ? mutation.variables?.story.id : undefined };
}
