import type { Context } from 'hono';

/** An error GoTrue would answer with: HTTP status, machine-readable code, human message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const unauthorized = (code: string, msg: string) => new AuthError(401, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg);
export const tooManyRequests = (code: string, msg: string) => new AuthError(429, code, msg);

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/**
 * Writes an error the way GoTrue does: clients that send `X-Supabase-Api-Version: 2024-01-01`
 * (supabase-js always does) get `{ code: "<error_code>", message }` and the header echoed back;
 * older clients and hand-made requests get the legacy `{ code: <status>, error_code, msg }`.
 */
export function errorResponse(c: Context, error: AuthError): Response {
  const version = c.req.header(API_VERSION_HEADER);
  if (version && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= API_VERSION_2024) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code: error.errorCode, message: error.message }, error.status as 400);
  }
  return c.json({ code: error.status, error_code: error.errorCode, msg: error.message }, error.status as 400);
}
