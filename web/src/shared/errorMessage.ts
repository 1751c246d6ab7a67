import { currentLanguage, translate } from '../i18n/translate';
import { ApiError, refusalTemplate } from '../lib/errors';

/**
 * A server refusal in the visitor's language: by its stable code when the server sent one the app
 * knows, else by its English text (the shared schemas' validation messages are keys of the catalog).
 */
function translatedRefusal(error: Error): string {
  const template = error instanceof ApiError ? refusalTemplate(error) : undefined;
  if (template) return translate(template, localParams(error as ApiError));
  return translate(error.message.replace(/^\d{1,3}: /, ''));
}

/** Parameters that are lists the server wrote in English ("a, b, and c"), by code. */
const LIST_PARAMS: Readonly<Record<string, string>> = { staff_only: 'domains' };

/** The refusal's parameters, its lists written again in the visitor's language ("a, b y c"). */
function localParams(error: ApiError): Record<string, string | number> {
  const params = { ...(error.params ?? {}) };
  const name = error.code && Object.hasOwn(LIST_PARAMS, error.code) ? LIST_PARAMS[error.code] : undefined;
  const list = name ? params[name] : undefined;
  if (name && typeof list === 'string') {
    const items = list.split(/,? and |, /).filter(Boolean);
    params[name] = new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(items);
  }
  return params;
}

/**
 * The server's own words for a refusal the student can act on (a 4xx: validation, rate limit, an
 * ended session), else `fallback` (network failures and server errors get the seed's text); in the
 * visitor's language when the catalog knows the text.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return translatedRefusal(error) || translate(fallback);
  }
  return translate(fallback);
}

/** "409: A course … exists" → "A course … exists": the ApiError's message without its status. */
export function withoutStatus(error: unknown): string {
  return error instanceof Error ? translatedRefusal(error) : '';
}
