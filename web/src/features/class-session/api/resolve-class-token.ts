import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { ApiError, dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';
import { EXPIRED_LINK_MESSAGE } from '../../../shared/expiredLink';

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

// gcTime 0: a link opened again later is checked again (it may have expired meanwhile).
export const classTokenQueryOptions = (token: string) =>
  queryOptions({ queryKey: queryKeys.classToken(token), queryFn: () => resolveClassToken(token), gcTime: 0 });

export const useClassToken = (token: string) => useQuery(classTokenQueryOptions(token));
