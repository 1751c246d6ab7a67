import { ApiError } from '../../../lib/errors';
import { invokeFunction } from '../../../lib/invoke';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { SESSION_REQUIRED, tokenHeader } from './browser-state';
import { type UserStory, type UserStoryList, refetchStories } from './get-user-stories';

export interface VoteResult {
  upvoteCount: number;
  hasUpvoted: boolean;
}

/**
 * POST or DELETE /api/user-stories/{id}/upvote: adds this browser's vote, or takes it back when the
 * story already has it. Votes need a token the browser already holds: none → 401, nothing sent.
 */
export function toggleVote({ story }: { story: UserStory }): Promise<VoteResult> {
  const headers = tokenHeader();
  if (!headers['x-session-token']) return Promise.reject(new ApiError(401, SESSION_REQUIRED));
  return invokeFunction<VoteResult>(story.hasUpvoted ? 'DELETE' : 'POST', `user-stories/${encodeURIComponent(story.id)}/upvote`, {
    headers,
  });
}

/** Shows the new count at once, then refetches the board. */
export function useToggleVote({ mutationConfig }: { mutationConfig?: MutationConfig<typeof toggleVote> } = {}) {
  return useEndpointMutation(toggleVote, mutationConfig, (queryClient, result, { story }) => {
    queryClient.setQueryData<UserStoryList>(
      queryKeys.userStories.all,
      (list) => list && { ...list, stories: list.stories.map((s) => (s.id === story.id ? { ...s, ...result } : s)) },
    );
    return refetchStories(queryClient);
  });
}
