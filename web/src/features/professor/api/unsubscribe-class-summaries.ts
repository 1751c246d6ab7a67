import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';

/**
 * DELETE /api/professor/class-summaries/{courseId}: no more after-class summary e-mails of the
 * course for the signed-in member (the same as the e-mail's unsubscribe link). Idempotent.
 */
export async function unsubscribeClassSummaries(courseId: string): Promise<{ courseId: string }> {
  const { db } = await dataClients();
  // RLS deletes only the member's own row.
  dataOrThrow(await db.from('class_summary_subscriptions').delete().eq('course_id', courseId));
  return { courseId };
}

export function useUnsubscribeClassSummaries({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof unsubscribeClassSummaries> } = {}) {
  return useEndpointMutation(unsubscribeClassSummaries, mutationConfig, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.professor.classSummaries }),
  );
}
