import { ApiError } from '../../../../lib/errors';
import { invokeFunction } from '../../../../lib/invoke';
import type { StoryCreate } from '../../../../lib/schemas';
import { SESSION_REQUIRED, tokenHeader } from './browser-state';
import { type UserStory, getUserStories } from './get-user-stories';

/** The held token, or a freshly issued one: stories and votes need a token the server issued. */
async function ensureSessionToken(): Promise<Record<string, string>> {
  const held = tokenHeader();
  if (held['x-session-token']) return held;
  const { sessionToken } = await getUserStories();
  if (!sessionToken) throw new ApiError(401, SESSION_REQUIRED);
  return { 'x-session-token': sessionToken };
}

/** POST /api/user-stories: a new story (validated by the function with the form's own schema). */
export async function createUserStory(story: StoryCreate): Promise<UserStory> {
  return invokeFunction<UserStory>('POST', 'user-stories', { body: story, headers: await ensureSessionToken() });
}
