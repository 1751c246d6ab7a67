import { dataClients } from '../clients';
import { dataOrThrow } from '../errors';
import type { ApiRequest, RouteTable } from '../routeTable';
import type { Course } from '../types';

/** GET /api/courses, or with `?code=` the exact match ignoring case and spaces (search_courses). */
async function listCourses({ query }: ApiRequest): Promise<Course[]> {
  const { db } = await dataClients();
  const code = query.get('code')?.trim();
  if (code) {
    return dataOrThrow<Course[]>(await db.rpc('search_courses', { code }, { get: true }));
  }
  return dataOrThrow(await db.from('courses').select('id, code, name').order('code').overrideTypes<Course[], { merge: false }>());
}

export const courseRoutes: RouteTable = {
  'GET /api/courses': listCourses,
};
