import { dataClients } from '../../../lib/clients';
import { ApiError, dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';

/**
 * DELETE /api/courses/{id}/team/members/{userId}: the owner removes a co-instructor or TA, who
 * loses access with their next request (RLS reads the membership on every request).
 */
export async function removeTeamMember({ courseId, userId }: { courseId: string; userId: string }): Promise<{ userId: string }> {
  const { db } = await dataClients();
  const rows = dataOrThrow(await db.from('course_members').delete().eq('course_id', courseId).eq('user_id', userId).select('user_id'));
  if (rows.length === 0) throw new ApiError(404, 'Team member not found');
  return { userId };
}

export function useRemoveTeamMember({ mutationConfig }: { mutationConfig?: MutationConfig<typeof removeTeamMember> } = {}) {
  return useEndpointMutation(removeTeamMember, mutationConfig, (queryClient, _data, { courseId }) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.courses.team(courseId) }),
  );
}
