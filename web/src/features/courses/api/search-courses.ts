import { queryOptions } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import type { Course } from '../../../shared/api/get-course';

/** GET /api/courses?code=: the course whose code matches exactly, ignoring case and spaces. */
export async function searchCourses(code: string): Promise<Course[]> {
  const { db } = await dataClients();
  return dataOrThrow(await db.rpc('search_courses', { code: code.trim() }, { get: true }));
}

export const searchCoursesQueryOptions = (code: string) =>
  queryOptions({ queryKey: queryKeys.courses.search(code), queryFn: () => searchCourses(code) });
