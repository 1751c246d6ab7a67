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
export const DATABASE_UNAVAILABLE = MESSAGES.database_unavailable;
/** Seconds a client waits before retrying when the database (or its pooler) refused to connect. */
export const DATABASE_RETRY_AFTER = '2';

/** Fields every postgres.js error (PostgresError) carries that we read. */
interface DatabaseError {
  code?: string;
  message?: string;
  detail?: string;
}

// The SQL functions raise these codes on purpose; their message is written for the user.
const RAISED: Record<string, number> = { CP400: 400, CP401: 401, CP403: 403, CP404: 404, CP409: 409, CP429: 429 };

// Connection-level failures (postgres.js codes and SQLSTATE classes 08 / 53 / 57P): the request may be
// retried, so they are 503, never a 500 that suggests a bug.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
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
  if (isDatabaseUnavailable(code, message)) {
    return new HttpError(503, DATABASE_UNAVAILABLE, { 'retry-after': DATABASE_RETRY_AFTER });
  }
  return undefined;
}

// Supavisor (the hosted pooler) refuses with XX000 and a bracketed code: "(EMAXCONN) max client
// connections reached, limit: 200", "(ECHECKOUTTIMEOUT) …" when no server connection came free.
const POOLER_REFUSAL = /^\((EMAXCONN\w*|ECHECKOUTTIMEOUT|EPOOLBUSY)\)|max client connections reached/i;

/**
 * The database, or the pooler in front of it, could not take the request now: a refused, timed-out
 * or lost connection (postgres.js codes), SQLSTATE class 08 (connection exception), 57P (operator
 * intervention: 57P01 admin shutdown, 57P03 cannot_connect_now while starting), class 53 (53300
 * too_many_connections, also "remaining connection slots are reserved"), or Supavisor's refusals.
 */
function isDatabaseUnavailable(code: string, message: string): boolean {
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P') || code.startsWith('53')) return true;
  return code === 'XX000' && POOLER_REFUSAL.test(message);
}
