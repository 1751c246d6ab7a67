import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { type Course, asCourse } from './get-course';

/** A search result: a current course, and the names its instructors chose to show students. */
export interface FoundCourse extends Course {
  instructors: string[];
}

/** GET /api/courses?code=: every current course whose code matches exactly, ignoring case and spaces. */
export async function searchCourses(code: string): Promise<FoundCourse[]> {
  const { db } = await dataClients();
  const rows = dataOrThrow(await db.rpc('search_courses', { code: code.trim() }, { get: true }));
  // Search lists current courses only.
  return rows.map((row) => ({ ...asCourse({ ...row, ended_at: null }), instructors: row.instructors ?? [] }));
}
