import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { firstPageQuery } from '../../lib/firstPageQuery';
import { queryKeys } from '../../lib/queryKeys';
import type { Course } from './get-course';

/** GET /api/courses: every course, by code (the list is public, like the seed's). */
export async function getCourses(): Promise<Course[]> {
  const { db } = await dataClients();
  return dataOrThrow(await db.from('courses').select('id, code, name').order('code'));
}

export const coursesQueryOptions = () => queryOptions({ ...firstPageQuery, queryKey: queryKeys.courses.all, queryFn: getCourses });

export const useCourses = () => useQuery(coursesQueryOptions());
