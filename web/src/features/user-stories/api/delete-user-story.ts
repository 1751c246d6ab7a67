import { invokeFunction } from '../../../lib/invoke';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { ownerHeader } from './browser-state';
import { refetchStories } from './get-user-stories';

/** DELETE /api/user-stories/{id}: the owner deletes a story (and the stories merged into it). */
export function deleteUserStory(id: string): Promise<{ id: string; deleted: boolean }> {
  return invokeFunction('DELETE', `user-stories/${encodeURIComponent(id)}`, { headers: ownerHeader() });
}

export function useDeleteUserStory({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteUserStory> } = {}) {
  return useEndpointMutation(deleteUserStory, mutationConfig, refetchStories);
}
