import { dataClients } from '../../../lib/clients';
import { ApiError, fromPostgrestFailure } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import type { Course } from '../../../shared/api/get-course';
import { courseClash, courseInputSchema, refreshAfterCourseChange } from './course-input';

/** The "Start Next Term" form: the term of the new course, by the course form's rule. */
export const nextTermInputSchema = courseInputSchema.pick({ term: true });

export interface NextTermInput {
  /** The ended (or current) course whose next term starts. */
  course: Pick<Course, 'id' | 'code' | 'section'>;
  term: string;
}

export type NextTermCourse = Pick<Course, 'id' | 'code' | 'name' | 'section' | 'term'>;

/**
 * POST /api/courses/{id}/next-term {term}: "Start Next Term" (owner and co-instructors): a new
 * course with the same code, name, section, settings and team for `term`, in one step. That code,
 * section and term existing already is a 409 that names what to change.
 */
export async function startNextTerm({ course, term }: NextTermInput): Promise<NextTermCourse> {
  const parsed = nextTermInputSchema.safeParse({ term });
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid term');
  const nextTerm = parsed.data.term.replace(/\s+/g, ' ');
  const { db } = await dataClients();
  const result = await db.rpc('start_next_term', { course_id: course.id, term: nextTerm });
  if (result.error) {
    if (result.error.code === '23505') throw courseClash({ code: course.code, section: course.section, term: nextTerm });
    throw fromPostgrestFailure(result);
  }
  return jsonAs<NextTermCourse>(result.data);
}

export function useStartNextTerm({ mutationConfig }: { mutationConfig?: MutationConfig<typeof startNextTerm> } = {}) {
  return useEndpointMutation(startNextTerm, mutationConfig, (queryClient) => refreshAfterCourseChange(queryClient));
}
