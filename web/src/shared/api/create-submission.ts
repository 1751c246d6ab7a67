import { invokeFunction } from '../../lib/invoke';
import { deviceId } from '../deviceId';

export interface CreatedSubmission {
  id: string;
  /** `<id>.<secret>`: the only key to read or edit this submission again. */
  editToken: string;
  sessionId: string;
}

/** A create that has had no answer after this long is given up and, with its key, sent again later. */
export const CREATE_TIMEOUT_MS = 20_000;

/**
 * POST /api/submissions (Variant A or B) → {id, editToken, sessionId}. The body is validated by the
 * submissions function with the same schemas as the forms; this browser's device id rides along
 * for the per-device rate limit. With an `idempotencyKey` (32 random bytes, base64url) the server
 * stores the submission once however often it is sent, and answers a repeat as the first time;
 * the key becomes the edit token's secret (docs/decisions/offline-submissions.md).
 */
export function createSubmission(
  body: Record<string, unknown>,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<CreatedSubmission> {
  const headers: Record<string, string> = { 'x-device-id': deviceId() };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  return invokeFunction<CreatedSubmission>('POST', 'submissions', { headers, body, timeout: CREATE_TIMEOUT_MS });
}
