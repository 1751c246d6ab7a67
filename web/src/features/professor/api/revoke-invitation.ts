import { dataClients } from '../../../lib/clients';
import { ApiError, dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';

/** DELETE /api/courses/{id}/team/invitations/{invitationId}: the owner withdraws a pending invitation. */
export async function revokeInvitation({ invitationId }: { courseId: string; invitationId: string }): Promise<{ id: string }> {
  const { db } = await dataClients();
  const rows = dataOrThrow(await db.from('course_invitations').delete().eq('id', invitationId).select('id'));
  if (rows.length === 0) throw new ApiError(404, 'Invitation not found');
  return { id: invitationId };
}

export function useRevokeInvitation({ mutationConfig }: { mutationConfig?: MutationConfig<typeof revokeInvitation> } = {}) {
  return useEndpointMutation(revokeInvitation, mutationConfig, (queryClient, _data, { courseId }) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.courses.team(courseId) }),
  );
}
