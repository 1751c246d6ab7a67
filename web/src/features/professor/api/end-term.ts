import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { refreshAfterCourseChange } from './course-input';

export interface EndedTerm {
  id: string;
  endedAt: string;
}

/**
 * POST /api/courses/{id}/end-term: "End Term" (owner and co-instructors). The course leaves course
 * search, its class link stops working and it takes no more feedback; its team still reads it.
 */
export async function endTerm(courseId: string): Promise<EndedTerm> {
  const { db } = await dataClients();
  return jsonAs<EndedTerm>(dataOrThrow(await db.rpc('end_term', { course_id: courseId })));
}

export function useEndTerm({ mutationConfig }: { mutationConfig?: MutationConfig<typeof endTerm> } = {}) {
  return useEndpointMutation(endTerm, mutationConfig, (queryClient, _ended, courseId) => {
    // Today's link is gone with the term.
    queryClient.removeQueries({ queryKey: queryKeys.courses.activeSession(courseId) });
    return refreshAfterCourseChange(queryClient);
  });
}
