import { getFollowUpCheck } from '../../shared/api/get-follow-up-check';
import { isUuid } from '../../lib/ids';
import { useRead } from '../runtime/useRead';

/**
 * The previous session's check question ("Did it help?") for a new submission of `courseId` on
 * `sessionId` (a class session id, a date, or '' for the course's own today); null when there is
 * none, when it cannot be read, or while nothing is asked (`sessionId` undefined: an edit).
 */
export function useFollowUpCheck(courseId: string, sessionId: string | undefined) {
  const asked = sessionId !== undefined && isUuid(courseId);
  const check = useRead(`follow-up:${courseId}|${sessionId ?? ''}`, () => getFollowUpCheck(courseId, sessionId ?? ''), { enabled: asked });
  return asked ? (check.data ?? null) : null;
}
