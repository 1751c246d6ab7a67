import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { ApiError, dataOrThrow } from '../../../lib/errors';
import { firstPageQuery } from '../../../lib/firstPageQuery';
import { isUuid } from '../../../lib/ids';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';

export interface ClassSession {
  sessionDate: string;
  expiresAt: string;
  courseId: string;
  topic: string | null;
}

/** GET /api/sessions/{sessionId} → {sessionDate, expiresAt, courseId, topic}. */
export async function getClassSession(sessionId: string): Promise<ClassSession> {
  if (!isUuid(sessionId)) throw new ApiError(404, 'Session not found');
  const { db } = await dataClients();
  const session = jsonAs<ClassSession | null>(dataOrThrow(await db.rpc('get_class_session', { session_id: sessionId }, { get: true })));
  if (!session) throw new ApiError(404, 'Session not found');
  return session;
}

export const classSessionQueryOptions = (sessionId: string) =>
  queryOptions({ ...firstPageQuery, queryKey: queryKeys.sessions.detail(sessionId), queryFn: () => getClassSession(sessionId) });

/** Only a class-session id (a uuid) names a stored session; a date `sessionId` is not looked up. */
export const useClassSession = (sessionId: string) => useQuery({ ...classSessionQueryOptions(sessionId), enabled: isUuid(sessionId) });
