import { dataClients } from '../../lib/clients';
import { ApiError, dataOrThrow } from '../../lib/errors';
import { jsonAs } from '../../lib/json';
import { EXPIRED_LINK_MESSAGE } from '../expiredLink';

export interface ClassToken {
  sessionId: string;
  courseId: string;
}

/** GET /api/class-token/{token} → {sessionId, courseId}; an unknown, inactive or expired link is a 404. */
export async function resolveClassToken(token: string): Promise<ClassToken> {
  const { db } = await dataClients();
  const session = jsonAs<ClassToken | null>(dataOrThrow(await db.rpc('resolve_class_token', { token }, { get: true })));
  if (!session) throw new ApiError(404, EXPIRED_LINK_MESSAGE);
  return session;
}
