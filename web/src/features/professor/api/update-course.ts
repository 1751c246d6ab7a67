import { dataClients } from '../../../lib/clients';
import { ApiError } from '../../../lib/errors';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { COURSE_COLUMNS, COURSE_NOT_FOUND, type Course, asCourse } from '../../../shared/api/get-course';
import { type CourseInput, courseColumns, courseWriteError, parseCourseInput, refreshAfterCourseChange } from './course-input';

/**
 * PUT /api/courses/{id} {name, code, section, term, reviewBeforePublishing, minPublicResponses, retentionDays}:
 * renames one of the caller's courses and saves its privacy settings (RLS: owner and co-instructors).
 */
export async function updateCourse({ id, input }: { id: string; input: CourseInput }): Promise<Course> {
  const course = parseCourseInput(input);
  const { db } = await dataClients();
  const result = await db.from('courses').update(courseColumns(course)).eq('id', id).select(COURSE_COLUMNS);
  if (result.error) throw courseWriteError(result, course);
  const [updated] = result.data;
  if (!updated) throw new ApiError(404, COURSE_NOT_FOUND);
  return asCourse(updated);
}

export function useUpdateCourse({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateCourse> } = {}) {
  return useEndpointMutation(updateCourse, mutationConfig, (queryClient) => refreshAfterCourseChange(queryClient));
}
