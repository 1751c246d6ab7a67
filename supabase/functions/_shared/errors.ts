// One way to fail: `{ "error": "<message>", "code": "<code>" }` with the right status (messages.ts). Handlers throw HttpError;
// the app's error handler (http.ts) turns it, a database error or anything else into a response.

import { MESSAGES, errorBody } from './messages.ts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(errorBody(status, message)), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export const INTERNAL_ERROR = MESSAGES.internal_error;
export const UNAVAILABLE = MESSAGES.unavailable;

/** Fields every postgres.js error (PostgresError) carries that we read. */
interface DatabaseError {
  code?: string;
  message?: string;
  detail?: string;
}

// The SQL functions raise these codes on purpose; their message is written for the user.
const RAISED: Record<string, number> = { CP400: 400, CP401: 401, CP403: 403, CP404: 404, CP429: 429 };

// Connection-level failures (postgres.js codes and SQLSTATE classes 08 / 53 / 57P): the request may be
// retried, so they are 503, never a 500 that suggests a bug.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/**
 * Maps a database error to an HttpError: the codes our SQL functions raise keep their message;
 * constraint violations are bad input (the schemas should have caught them first); a lost
 * connection is 503. Anything else is left alone (a 500 after logging).
 */
export function fromDatabaseError(error: unknown): HttpError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, message = '', detail } = error as DatabaseError;
  if (!code) return undefined;
  if (code in RAISED) {
    const status = RAISED[code];
    if (status === 429) {
      const retryAfter = String(Math.max(1, Number.parseInt(detail ?? '', 10) || 60));
      return new HttpError(429, message, { 'retry-after': retryAfter });
    }
    return new HttpError(status, message);
  }
  // check_violation, not_null_violation, invalid_text_representation, numeric out of range,
  // string too long, invalid parameter: the stored rules refused the input.
  if (['23514', '23502', '22P02', '22003', '22001', '22023'].includes(code)) {
    return new HttpError(400, MESSAGES.invalid_values);
  }
  // Postgres text cannot hold U+0000: inside JSON it is untranslatable_character (22P05), as a
  // bound text parameter (a free-text id) an invalid byte sequence (22021).
  if (code === '22P05' || code === '22021') return new HttpError(400, MESSAGES.nul_character);
  // Class 53 (insufficient resources): above all 53300, Postgres at its connection limit.
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P') || code.startsWith('53')) {
    return new HttpError(503, UNAVAILABLE, { 'retry-after': '1' });
  }
  return undefined;
}
