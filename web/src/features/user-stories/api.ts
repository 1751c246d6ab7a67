import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../api';
import {
  type SimilarStory,
  type StoryStatus,
  type UserStory,
  type UserStoryList,
  type VoteResult,
  clearSessionToken,
  readSessionToken,
} from '../../api/routes/userStories';
import type { StoryCreate, StoryEdit } from '../../../../supabase/functions/_shared/schemas';
import { toaster } from '../../shared/ui/toaster';

export const storyKeys = {
  list: ['/api/user-stories'],
  similar: (want: string) => ['/api/user-stories/similar', { want }],
  similarRoot: ['/api/user-stories/similar'],
  owner: ['/api/user-stories/owner'],
} as const;

export function useStories() {
  return useQuery<UserStoryList>({ queryKey: storyKeys.list });
}

/** Up to five open stories resembling the want being typed (the caller debounces). */
export function useSimilarStories(want: string) {
  const trimmed = want.trim();
  return useQuery<SimilarStory[]>({
    queryKey: storyKeys.similar(trimmed),
    enabled: trimmed.length >= 3,
    placeholderData: keepPreviousData,
  });
}

/** Asks the server whether the signed-in account owns the app; the façade keeps the flag in step. */
export function useOwnerStatus(signedIn: boolean) {
  return useQuery<{ isOwner: boolean }>({ queryKey: storyKeys.owner, enabled: signedIn });
}

const success = (description: string) => toaster.create({ type: 'success', title: 'Success', description });
const failure = (description: string) => toaster.create({ type: 'error', title: 'Error', description });

/** The seed: after every successful user-story mutation the story list is refetched. */
function useRefetchStories() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: storyKeys.list }),
      queryClient.invalidateQueries({ queryKey: storyKeys.similarRoot }),
    ]);
}

export function useCreateStory() {
  const refetch = useRefetchStories();
  return useMutation({
    mutationFn: (story: StoryCreate) => apiRequest<UserStory>('POST', '/api/user-stories', story),
    onSuccess: () => {
      success('User story submitted successfully!');
      return refetch();
    },
    onError: () => failure('Failed to submit user story'),
  });
}

export function useUpdateStory() {
  const refetch = useRefetchStories();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: StoryEdit | { status: StoryStatus } }) =>
      apiRequest<UserStory>('PUT', `/api/user-stories/${encodeURIComponent(id)}`, changes),
    onSuccess: () => {
      success('User story updated successfully!');
      return refetch();
    },
    onError: () => failure('Failed to update user story'),
  });
}

export function useDeleteStory() {
  const refetch = useRefetchStories();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/user-stories/${encodeURIComponent(id)}`),
    onSuccess: () => {
      success('User story deleted successfully!');
      return refetch();
    },
    onError: () => failure('Failed to delete user story'),
  });
}

export function useMergeStories() {
  const refetch = useRefetchStories();
  return useMutation({
    mutationFn: (ids: { keepId: string; mergeId: string }) => apiRequest<UserStory>('POST', '/api/user-stories/merge', ids),
    onSuccess: () => {
      success('User stories merged successfully!');
      return refetch();
    },
    onError: () => failure('Failed to merge user stories'),
  });
}

function sessionRequired() {
  toaster.create({ type: 'error', title: 'Session Required', description: 'Please submit a user story first to enable voting' });
}

/** Toggles this browser's vote on a story; without a session token nothing is sent. */
export function useVote() {
  const queryClient = useQueryClient();
  const refetch = useRefetchStories();
  const mutation = useMutation({
    mutationFn: ({ story }: { story: UserStory }) =>
      apiRequest<VoteResult>(story.hasUpvoted ? 'DELETE' : 'POST', `/api/user-stories/${encodeURIComponent(story.id)}/upvote`),
    onSuccess: (result, { story }) => {
      queryClient.setQueryData<UserStoryList>(storyKeys.list, (list) =>
        list && { ...list, stories: list.stories.map((s) => (s.id === story.id ? { ...s, ...result } : s)) },
      );
      return refetch();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        // The server no longer knows this token: drop it so the next list call issues a new one.
        clearSessionToken();
        sessionRequired();
        return refetch();
      }
      failure('Failed to update vote');
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
