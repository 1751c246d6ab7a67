import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';

/** Today's class session of a course, with the link token students open. */
export interface ActiveSession {
  sessionId: string;
  sessionDate: string;
  expiresAt: string;
  accessToken: string;
  topic: string | null;
}

/** GET /api/courses/{id}/active-session: today's session in the course's time zone, or null. */
export async function getActiveSession(courseId: string): Promise<ActiveSession | null> {
  const { db } = await dataClients();
  return jsonAs<ActiveSession | null>(dataOrThrow(await db.rpc('active_session', { course_id: courseId })));
}

export const activeSessionQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: queryKeys.courses.activeSession(courseId), queryFn: () => getActiveSession(courseId) });

export const useActiveSession = (courseId: string) => useQuery(activeSessionQueryOptions(courseId));
