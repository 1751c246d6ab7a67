import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * GET /api/courses/{id}/class-day: today's date ('YYYY-MM-DD') in the course's own time zone, the
 * day the student pages link and post to (course_class_day()); null for an unknown course or one
 * whose term has ended. Never the device's date: near midnight, or in another zone, it differs.
 */
export async function getCourseClassDay(courseId: string): Promise<string | null> {
  if (!isUuid(courseId)) return null;
  const { db } = await dataClients();
  return dataOrThrow(await db.rpc('course_class_day', { course_id: courseId }, { get: true })) ?? null;
}
