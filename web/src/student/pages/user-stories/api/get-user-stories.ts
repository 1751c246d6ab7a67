import { invokeFunction } from '../../../../lib/invoke';
import type { StoryStatus } from '../status';
import { keepSessionToken, tokenHeader } from './browser-state';

export type { StoryStatus };

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
