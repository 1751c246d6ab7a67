import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { firstPageQuery } from '../../../lib/firstPageQuery';
import { invokeFunction } from '../../../lib/invoke';
import { queryKeys } from '../../../lib/queryKeys';
import type { STORY_STATUSES } from '../../../lib/schemas';
import { keepSessionToken, tokenHeader } from './browser-state';

export type StoryStatus = (typeof STORY_STATUSES)[number];

/** A user story as the board shows it. */
export interface UserStory {
  id: string;
  title: string;
  description: string;
  submittedBy: string | null;
  status: StoryStatus;
  impact: number;
  confidence: number;
  ease: number;
  iceScore: number;
  upvoteCount: number;
  hasUpvoted: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface UserStoryList {
  sessionToken: string | null;
  stories: UserStory[];
}

/**
 * GET /api/user-stories → { sessionToken, stories }. The server issues a token when none (or one it
 * never issued) is sent; the browser keeps whatever the server says is current. A null token means
 * the server could not issue one now (too many new sessions from this network) and does not know
 * the one sent: the board still shows, and a vote asks for a session ("Session Required").
 */
export async function getUserStories(): Promise<UserStoryList> {
  const headers = tokenHeader();
  const result = await invokeFunction<UserStoryList>('GET', 'user-stories', { headers });
  const sessionToken = result.sessionToken ?? null;
  keepSessionToken(headers['x-session-token'], sessionToken);
  return { sessionToken, stories: result.stories ?? [] };
}

export const userStoriesQueryOptions = () =>
  queryOptions({ ...firstPageQuery, queryKey: queryKeys.userStories.all, queryFn: getUserStories });

export const useUserStories = () => useQuery(userStoriesQueryOptions());

/** After every change to the board: the list (not the owner check below it) and the similar-story lists. */
export function refetchStories(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.userStories.all, exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.userStories.similarAll }),
  ]);
}
