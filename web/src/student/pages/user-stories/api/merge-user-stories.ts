import { invokeFunction } from '../../../../lib/invoke';
import { ownerHeader } from './browser-state';
import type { UserStory } from './get-user-stories';

/** POST /api/user-stories/merge {keepId, mergeId}: the owner folds a duplicate into the story kept. */
export function mergeUserStories(ids: { keepId: string; mergeId: string }): Promise<UserStory> {
  return invokeFunction<UserStory>('POST', 'user-stories/merge', { body: ids, headers: ownerHeader() });
}
