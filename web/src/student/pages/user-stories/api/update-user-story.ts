import { invokeFunction } from '../../../../lib/invoke';
import type { StoryEdit } from '../../../../lib/schemas';
import { ownerHeader } from './browser-state';
import type { StoryStatus, UserStory } from './get-user-stories';

/** PUT /api/user-stories/{id}: the owner edits a story or moves it to another status. */
export function updateUserStory({ id, changes }: { id: string; changes: StoryEdit | { status: StoryStatus } }): Promise<UserStory> {
  return invokeFunction<UserStory>('PUT', `user-stories/${encodeURIComponent(id)}`, { body: changes, headers: ownerHeader() });
}
