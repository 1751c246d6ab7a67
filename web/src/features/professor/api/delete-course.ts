import { dataClients } from '../../../lib/clients';
import { ApiError, dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { COURSE_NOT_FOUND } from '../../../shared/api/get-course';
import { refreshAfterCourseChange } from './course-input';

/** DELETE /api/courses/{id}: the course and everything in it (sessions, feedback) go. */
export async function deleteCourse(id: string): Promise<{ id: string }> {
  const { db } = await dataClients();
  const rows = dataOrThrow(await db.from('courses').delete().eq('id', id).select('id'));
  if (rows.length === 0) throw new ApiError(404, COURSE_NOT_FOUND);
  return { id };
}

export function useDeleteCourse({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteCourse> } = {}) {
  return useEndpointMutation(deleteCourse, mutationConfig, (queryClient, _data, id) => {
    queryClient.removeQueries({ queryKey: queryKeys.courses.activeSession(id) });
    return refreshAfterCourseChange(queryClient);
  });
}
