import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { COURSE_COLUMNS, type Course, asCourse } from './get-course';

/** GET /api/courses: every current course (an ended term's are left out), by code and section (the list is public, like the seed's). */
export async function getCourses(): Promise<Course[]> {
  const { db } = await dataClients();
  const rows = dataOrThrow(
    await db.from('courses').select(COURSE_COLUMNS).is('ended_at', null).order('code').order('section', { nullsFirst: true }),
  );
  return rows.map(asCourse);
}
