import { invokeFunction } from '../../../lib/invoke';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { ownerHeader } from './browser-state';
import { type UserStory, refetchStories } from './get-user-stories';

/** POST /api/user-stories/merge {keepId, mergeId}: the owner folds a duplicate into the story kept. */
export function mergeUserStories(ids: { keepId: string; mergeId: string }): Promise<UserStory> {
  return invokeFunction<UserStory>('POST', 'user-stories/merge', { body: ids, headers: ownerHeader() });
}

export function useMergeUserStories({ mutationConfig }: { mutationConfig?: MutationConfig<typeof mergeUserStories> } = {}) {
  return useEndpointMutation(mergeUserStories, mutationConfig, refetchStories);
}
