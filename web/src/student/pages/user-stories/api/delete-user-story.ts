import { invokeFunction } from '../../../../lib/invoke';
import { ownerHeader } from './browser-state';

/** DELETE /api/user-stories/{id}: the owner deletes a story (and the stories merged into it). */
export function deleteUserStory(id: string): Promise<{ id: string; deleted: boolean }> {
  return invokeFunction('DELETE', `user-stories/${encodeURIComponent(id)}`, { headers: ownerHeader() });
}
