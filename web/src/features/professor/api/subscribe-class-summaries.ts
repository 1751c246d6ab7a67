import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';

/**
 * PUT /api/professor/class-summaries/{courseId}: the signed-in team member (owner, co-instructor or
 * TA) gets an e-mail summary after each class of the course that ends from now on. RLS lets a
 * member add only their own row, for a course of their team; asking twice changes nothing.
 */
export async function subscribeClassSummaries(courseId: string): Promise<{ courseId: string }> {
  const { db } = await dataClients();
  dataOrThrow(
    await db
      .from('class_summary_subscriptions')
      .upsert({ course_id: courseId }, { onConflict: 'course_id,user_id', ignoreDuplicates: true }),
  );
  return { courseId };
}

export function useSubscribeClassSummaries({ mutationConfig }: { mutationConfig?: MutationConfig<typeof subscribeClassSummaries> } = {}) {
  return useEndpointMutation(subscribeClassSummaries, mutationConfig, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.professor.classSummaries }),
  );
}
