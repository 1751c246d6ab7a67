import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../lib/clients';
import { ApiError, dataOrThrow } from '../../lib/errors';
import { firstPageQuery } from '../../lib/firstPageQuery';
import { isUuid } from '../../lib/ids';
import { queryKeys } from '../../lib/queryKeys';

export interface Course {
  id: string;
  code: string;
  name: string;
  /** The section (e.g. "002"), or null when the course has none. */
  section: string | null;
  /** The term it runs in (e.g. "Fall 2026"). */
  term: string;
  /** When "End Term" archived it; null while its term runs. */
  endedAt: string | null;
}

export { COURSE_COLUMNS, asCourse } from '../courseRow';
import { COURSE_COLUMNS, asCourse } from '../courseRow';

export const COURSE_NOT_FOUND = 'Course not found';

/** GET /api/courses/{id}: one course; any miss (unknown or malformed id) is "404: Course not found". */
export async function getCourse(id: string): Promise<Course> {
  if (!isUuid(id)) throw new ApiError(404, COURSE_NOT_FOUND);
  const { db } = await dataClients();
  const course = dataOrThrow(await db.from('courses').select(COURSE_COLUMNS).eq('id', id).maybeSingle());
  if (!course) throw new ApiError(404, COURSE_NOT_FOUND);
  return asCourse(course);
}

export const courseQueryOptions = (id: string) =>
  queryOptions({ ...firstPageQuery, queryKey: queryKeys.courses.detail(id), queryFn: () => getCourse(id) });

export const useCourse = (id: string, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...courseQueryOptions(id), enabled });
