import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';

export interface MergeConfusionGroups {
  courseId: string;
  /** The group whose texts move. */
  groupId: string;
  /** The group they join (same class session). */
  intoGroupId: string;
}

/**
 * POST /api/professor/shared-confusion/{courseId}/merge {groupId, intoGroupId}: "Merge", every text
 * of one confusion group joins another of the same session, for good (the teaching team only; a
 * group of another course or session is a 404) → {groupId}.
 */
export async function mergeConfusionGroups({ courseId, groupId, intoGroupId }: MergeConfusionGroups): Promise<{ groupId: string }> {
  const { db } = await dataClients();
  return jsonAs<{ groupId: string }>(
    dataOrThrow(await db.rpc('merge_confusion_groups', { course_id: courseId, group_id: groupId, into_group_id: intoGroupId })),
  );
}

export function useMergeConfusionGroups({ mutationConfig }: { mutationConfig?: MutationConfig<typeof mergeConfusionGroups> } = {}) {
  return useEndpointMutation(mergeConfusionGroups, mutationConfig, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.professor.all }),
  );
}
