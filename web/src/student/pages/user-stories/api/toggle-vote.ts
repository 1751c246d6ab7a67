import { ApiError } from '../../../../lib/errors';
import { invokeFunction } from '../../../../lib/invoke';
import { SESSION_REQUIRED, tokenHeader } from './browser-state';
import type { UserStory } from './get-user-stories';

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
