import { dataClients } from '../../../lib/clients';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { COURSE_COLUMNS, type Course, asCourse } from '../../../shared/api/get-course';
import { type CourseInput, courseColumns, courseWriteError, parseCourseInput, refreshAfterCourseChange } from './course-input';

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * POST /api/courses {name, code, section, term, reviewBeforePublishing, minPublicResponses, retentionDays}: a new
 * course of the signed-in professor, in this browser's time zone.
 */
export async function createCourse(input: CourseInput): Promise<Course> {
  const course = parseCourseInput(input);
  const { db } = await dataClients();
  const result = await db
    .from('courses')
    .insert({ ...courseColumns(course), timezone: browserTimeZone() })
    .select(COURSE_COLUMNS)
    .single();
  if (result.error) throw courseWriteError(result, course);
  return asCourse(result.data);
}

export function useCreateCourse({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createCourse> } = {}) {
  return useEndpointMutation(createCourse, mutationConfig, (queryClient) => refreshAfterCourseChange(queryClient));
}
