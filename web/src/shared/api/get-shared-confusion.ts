import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { jsonAs } from '../../lib/json';
import { queryKeys } from '../../lib/queryKeys';

export interface SharedText {
  id: string;
  kind: 'quick' | 'session';
  text: string;
  /** The student who wrote it plus those who said "me too". */
  students: number;
}

/** A confusion group: texts that say the same thing, under the most shared one; `id` stays the group's. */
export interface ConfusionGroup {
  id: string;
  students: number;
  texts: number;
  top: SharedText;
  others: SharedText[];
}

export interface SharedConfusion {
  sessionId: string | null;
  texts: number;
  students: number;
  /** Texts the read had no time to put in a group (each shown alone until a later read places it). */
  pending: number;
  groups: ConfusionGroup[];
}

/**
 * GET /api/professor/shared-confusion/{courseId}?sessionId=: a session's texts (today's when no
 * session is named) ranked by how many students share them, similar ones grouped.
 */
export async function getSharedConfusion(courseId: string, sessionId?: string): Promise<SharedConfusion> {
  const { db } = await dataClients();
  const args = sessionId ? { course_id: courseId, session_id: sessionId } : { course_id: courseId };
  return jsonAs<SharedConfusion>(dataOrThrow(await db.rpc('shared_confusion', args)));
}

/** `pollMs`: ask again this often while the page is visible (the live view). */
export const sharedConfusionQueryOptions = (courseId: string, { sessionId, pollMs }: { sessionId?: string; pollMs?: number } = {}) =>
  queryOptions({
    queryKey: queryKeys.professor.sharedConfusion(courseId, sessionId),
    queryFn: () => getSharedConfusion(courseId, sessionId),
    ...(pollMs ? { refetchInterval: pollMs, refetchIntervalInBackground: false } : {}),
  });

export const useSharedConfusion = (courseId: string, options: { sessionId?: string; pollMs?: number } = {}) =>
  useQuery(sharedConfusionQueryOptions(courseId, options));
