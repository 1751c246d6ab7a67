import { i18n } from '../i18n/i18n';
import { ApiError } from '../lib/errors';

/**
 * The server's own words for a refusal the student can act on (a 4xx: validation, rate limit, an
 * ended session), else `fallback` (network failures and server errors get the seed's text); in the
 * visitor's language when the catalog knows the text.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return i18n.t(error.message.replace(/^\d+: /, '') || fallback);
  }
  return i18n.t(fallback);
}

/** "409: A course … exists" → "A course … exists": the ApiError's message without its status. */
export function withoutStatus(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return i18n.t(message.replace(/^\d{1,3}: /, ''));
}
