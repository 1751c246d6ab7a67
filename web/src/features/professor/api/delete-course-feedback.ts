import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { refreshAfterCourseChange } from './course-input';

/**
 * DELETE /api/courses/{id}/submissions: "Delete all feedback of this course" (owner and
 * co-instructors; anyone else gets 404 "Course not found"). Every submission and its reply go; the
 * class sessions and notes stay. Resolves with how many submissions were deleted.
 */
export async function deleteCourseFeedback(courseId: string): Promise<{ deleted: number }> {
  const { db } = await dataClients();
  const deleted = dataOrThrow(await db.rpc('delete_course_feedback', { course_id: courseId }));
  return { deleted };
}

/** The counts, lists, analytics, live view and public course page all change. */
export function useDeleteCourseFeedback({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteCourseFeedback> } = {}) {
  return useEndpointMutation(deleteCourseFeedback, mutationConfig, (queryClient) => refreshAfterCourseChange(queryClient));
}
