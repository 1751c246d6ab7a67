import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';

/**
 * POST /api/professor/shared-confusion/{courseId}/take-out {submissionId}: "Not this group", the
 * text leaves its confusion group for one of its own, for good (the teaching team only; a text of
 * another course is a 404, one already alone a 400) → {groupId}.
 */
export async function takeOutOfConfusionGroup({
  courseId,
  submissionId,
}: {
  courseId: string;
  submissionId: string;
}): Promise<{ groupId: string }> {
  const { db } = await dataClients();
  return jsonAs<{ groupId: string }>(
    dataOrThrow(await db.rpc('take_out_of_confusion_group', { course_id: courseId, submission_id: submissionId })),
  );
}

export function useTakeOutOfConfusionGroup({ mutationConfig }: { mutationConfig?: MutationConfig<typeof takeOutOfConfusionGroup> } = {}) {
  return useEndpointMutation(takeOutOfConfusionGroup, mutationConfig, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.professor.all }),
  );
}
