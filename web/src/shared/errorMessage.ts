import { i18n } from '../i18n/i18n';
import { ApiError, refusalTemplate } from '../lib/errors';

/**
 * A server refusal in the visitor's language: by its stable code when the server sent one the app
 * knows, else by its English text (the shared schemas' validation messages are keys of the catalog).
 */
function translatedRefusal(error: Error): string {
  const template = error instanceof ApiError ? refusalTemplate(error) : undefined;
  if (template) return i18n.t(template, (error as ApiError).params ?? {});
  return i18n.t(error.message.replace(/^\d{1,3}: /, ''));
}

/**
 * The server's own words for a refusal the student can act on (a 4xx: validation, rate limit, an
 * ended session), else `fallback` (network failures and server errors get the seed's text); in the
 * visitor's language when the catalog knows the text.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return translatedRefusal(error) || i18n.t(fallback);
  }
  return i18n.t(fallback);
}

/** "409: A course … exists" → "A course … exists": the ApiError's message without its status. */
export function withoutStatus(error: unknown): string {
  return error instanceof Error ? translatedRefusal(error) : '';
}
