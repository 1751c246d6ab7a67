import { dataClients } from '../../lib/clients';
import { ApiError, dataOrThrow } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { jsonAs } from '../../lib/json';

export interface ClassSession {
  sessionDate: string;
  expiresAt: string;
  courseId: string;
  topic: string | null;
}

/** GET /api/sessions/{sessionId} → {sessionDate, expiresAt, courseId, topic}; only a class-session id (a uuid) names one. */
export async function getClassSession(sessionId: string): Promise<ClassSession> {
  if (!isUuid(sessionId)) throw new ApiError(404, 'Session not found');
  const { db } = await dataClients();
  const session = jsonAs<ClassSession | null>(dataOrThrow(await db.rpc('get_class_session', { session_id: sessionId }, { get: true })));
  if (!session) throw new ApiError(404, 'Session not found');
  return session;
}
