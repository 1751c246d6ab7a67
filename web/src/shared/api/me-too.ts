import { invokeFunction } from '../../lib/invoke';
// Only the type: the ids come from the server's list, and zod stays out of the page's first load.
import type { MeTooRequest } from '../../lib/schemas';
import { deviceId } from '../deviceId';

export interface PeerText {
  id: string;
  text: string;
  /** How many students said "me too" to it. */
  meToos: number;
  /** This device said "me too". */
  meToo: boolean;
  /** The text this browser sent (known from the edit token it holds). */
  own: boolean;
}

export interface PeerConfusion {
  /** The course's "Let students see and +1 each other's confusion". */
  enabled: boolean;
  sessionId: string | null;
  items: PeerText[];
}

export interface MeTooAnswer {
  submissionId: string;
  meToo: boolean;
  meToos: number;
}

const headersFor = (editToken?: string) => ({ 'x-device-id': deviceId(), ...(editToken ? { 'x-edit-token': editToken } : {}) });

/**
 * GET /api/submissions/me-too?courseId=&sessionId= (headers `x-device-id`, and `x-edit-token` when
 * the page holds the student's own feedback) → what others of the session found unclear.
 */
export function getPeerConfusion(courseId: string, sessionId: string, editToken?: string): Promise<PeerConfusion> {
  const query = new URLSearchParams({ courseId, sessionId });
  return invokeFunction<PeerConfusion>('GET', `submissions/me-too?${query}`, { headers: headersFor(editToken) });
}

/** How often the list asks again while the page is visible, so texts appear as batches are revealed. */
export const PEER_CONFUSION_POLL_MS = 15_000;

/** POST /api/submissions/me-too {courseId, sessionId, submissionId, meToo} → {submissionId, meToo, meToos}. */
export function setMeToo(request: MeTooRequest, editToken?: string): Promise<MeTooAnswer> {
  return invokeFunction<MeTooAnswer>('POST', 'submissions/me-too', { headers: headersFor(editToken), body: { ...request } });
}

/** The list with one text's "me too" as the server answered it. */
export function withMeToo(list: PeerConfusion, answer: MeTooAnswer): PeerConfusion {
  return {
    ...list,
    items: list.items.map((item) => (item.id === answer.submissionId ? { ...item, meToo: answer.meToo, meToos: answer.meToos } : item)),
  };
}
