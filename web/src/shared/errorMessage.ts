import { ApiError } from '../api';

/**
 * The server's own words for a refusal the student can act on (a 4xx: validation, rate limit, an
 * ended session), else `fallback` (network failures and server errors get the seed's text).
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.message.replace(/^\d+: /, '') || fallback;
  }
  return fallback;
}
