import { ApiError } from '../lib/errors';

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

/** "409: A course … exists" → "A course … exists": the ApiError's message without its status. */
export function withoutStatus(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return message.replace(/^\d{1,3}: /, '');
}
