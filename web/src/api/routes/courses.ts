import { dataClients } from '../clients';
import { ApiError, dataOrThrow } from '../errors';
import type { ApiRequest, RouteTable } from '../routeTable';
import type { Course } from '../types';
import { isUuid } from './ids';

/** GET /api/courses, or with `?code=` the exact match ignoring case and spaces (search_courses). */
async function listCourses({ query }: ApiRequest): Promise<Course[]> {
  const { db } = await dataClients();
  const code = query.get('code')?.trim();
  if (code) {
    return dataOrThrow<Course[]>(await db.rpc('search_courses', { code }, { get: true }));
  }
  return dataOrThrow(await db.from('courses').select('id, code, name').order('code').overrideTypes<Course[], { merge: false }>());
}

/** GET /api/courses/{id}: one course; any miss (unknown or malformed id) is "404: Course not found". */
async function getCourse({ params }: ApiRequest): Promise<Course> {
  const id = params.id ?? '';
  if (!isUuid(id)) throw new ApiError(404, 'Course not found');
  const { db } = await dataClients();
  const course = dataOrThrow(
    await db.from('courses').select('id, code, name').eq('id', id).maybeSingle().overrideTypes<Course | null, { merge: false }>(),
  );
  if (!course) throw new ApiError(404, 'Course not found');
  return course;
}

export const courseRoutes: RouteTable = {
  'GET /api/courses': listCourses,
  'GET /api/courses/:id': getCourse,
};
