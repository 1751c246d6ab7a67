// Idempotency keys of POST /submissions (docs/decisions/offline-submissions.md). The key is
// the edit token's secret: 32 random bytes in base64url without padding, so the row a key made is
// found by the hash every edit token is stored as, and a repeat answers that row. This module has
// no Deno APIs, so Node's unit tests import it.
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { MESSAGES } from './messages.ts';

/** The request header's name (the IETF httpapi draft's). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the one a key already had. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * 32 bytes are 256 bits: 42 base64url characters of 6 bits and a 43rd that carries the last 4
 * (its 2 low bits are zero, so it is one of 16 characters). Exactly what randomToken() makes.
 */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/);

/** The header's key; undefined without the header; 400 when it is there but not of that shape. */
export function idempotencyKeyOf(value: string | undefined | null): string | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = idempotencyKeySchema.safeParse(value.trim());
  if (!parsed.success) throw new HttpError(400, MESSAGES.idempotency_key_invalid);
  return parsed.data;
}

/** What private.submission_for_replay returns: the stored submission a key made. */
export interface ReplayedSubmission {
  id: string;
  kind: 'quick' | 'session';
  courseId: string;
  sessionId: string;
  /** The class session's date, YYYY-MM-DD. */
  sessionDate: string;
  [field: string]: unknown;
}

/** A validated create request: its kind, course, session (id or date) and content fields (camelCase). */
export interface SubmissionRequest {
  kind: 'quick' | 'session';
  courseId: string;
  sessionId: string;
  content: Record<string, unknown>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a repeated request asks for what the stored row holds: same kind, course, session (a
 * date names the session of that date) and content, compared after validation (trimmed). The row
 * is compared as it is now: a submission edited since its create no longer matches its first body.
 */
export function sameSubmission(stored: ReplayedSubmission, request: SubmissionRequest): boolean {
  if (stored.kind !== request.kind) return false;
  if (stored.courseId.toLowerCase() !== request.courseId.toLowerCase()) return false;
  const session = request.sessionId.trim();
  const sameSession = DATE.test(session) ? session === stored.sessionDate : session.toLowerCase() === stored.sessionId.toLowerCase();
  if (!sameSession) return false;
  return Object.entries(request.content).every(([field, value]) => (stored[field] ?? null) === (value ?? null));
}
