import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { jsonAs } from '../../lib/json';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The note on a course's previous session whose topics a class day's students may rate: the one it
 * answered and the control ("How clear is ⟨topic⟩ to you now?", 1–7); null when it has no control.
 */
export interface FollowUpCheck {
  noteId: string;
  body: string;
  sessionDate: string;
  addressedTopic: string;
  controlTopic: string | null;
}

/**
 * GET /api/notes/follow-up?courseId=&sessionId=: the topics rated above a feedback form
 * (follow_up_check(): a class session id, a date, or none for today in the course's time zone).
 */
export async function getFollowUpCheck(courseId: string, sessionId: string): Promise<FollowUpCheck | null> {
  if (!isUuid(courseId)) return null;
  const { db } = await dataClients();
  return jsonAs<FollowUpCheck | null>(
    dataOrThrow(await db.rpc('follow_up_check', { course_id: courseId, session: sessionId }, { get: true })),
  );
}

export const followUpCheckQueryOptions = (courseId: string, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.notes.followUp(courseId, sessionId),
    queryFn: () => getFollowUpCheck(courseId, sessionId),
    staleTime: 60_000,
  });

export const useFollowUpCheck = (courseId: string, sessionId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...followUpCheckQueryOptions(courseId, sessionId), enabled: enabled && isUuid(courseId) });
