// The feedback forms posted by the browser itself, without JavaScript
// (docs/decisions/forms-before-the-app.md): an `application/x-www-form-urlencoded` body becomes
// the object the JSON path validates, and the answer is a 303 to a page of the site that shows the outcome. No
// Deno API here, so Node's unit tests import it as the function does.
import { HttpError } from './errors.ts';
import { MESSAGES, messageText, quotedNames } from './messages.ts';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The page each kind of submission is posted from; its outcome pages are `<page>/sent` and `<page>/not-sent`. */
export const FORM_PAGES = { quick: '/submit', session: '/class-session' } as const;
export type FormKind = keyof typeof FORM_PAGES;

// A range input always posts its value as text; the schemas want numbers.
const NUMBER_FIELDS = new Set(['clarityRating', 'confidenceLevel', 'followUpAddressed', 'followUpControl']);
// The course and the session are in the page's address, which a page without JavaScript cannot
// copy into its form: empty here, they are taken from the address the form was posted from.
const ADDRESS_FIELDS = ['courseId', 'sessionId'] as const;

/** A class link's address (`/class/<token>`, Session Feedback itself: what a class QR code opens), with its token. */
export const CLASS_LINK_PATH = /^\/class\/([A-Za-z0-9_-]{22,64})\/?$/;
const MAX_ADDRESS_VALUE = 100;
// The follow-up check is optional: an empty rating (or note) is none.
const OPTIONAL_FIELDS = ['followUpNoteId', 'followUpAddressed', 'followUpControl'] as const;

/** Whether the request is a form post (the content type's parameters, such as a charset, aside). */
export function isFormPost(contentType: string | undefined | null): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === FORM_CONTENT_TYPE;
}

/**
 * The body's fields as the JSON path would receive them: numbers for the ranges, no empty course
 * or session. A field given twice is refused (400): a form names each field once, so a second is
 * a tampered form whose meaning is unclear.
 */
export function formFields(body: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, name)) throw new HttpError(400, messageText('duplicate_field', { name: quotedNames([name]) }));
    fields[name] = NUMBER_FIELDS.has(name) && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  for (const name of [...ADDRESS_FIELDS, ...OPTIONAL_FIELDS]) if (fields[name] === '') delete fields[name];
  return fields;
}

/**
 * The site a form was posted from, by the `Origin` the browser sends with every cross-origin POST
 * (or, failing that, the `Referer`'s origin). With `SITE_URL` set (a comma-separated list), only
 * those origins are answered with a redirect; without it, any http(s) origin is (the local stack).
 */
export function siteOf(headers: Headers, allowed: string[]): string | undefined {
  const origin = originOf(headers.get('origin')) ?? originOf(headers.get('referer'));
  if (!origin) return undefined;
  const sites = allowed.map(originOf).filter((site): site is string => Boolean(site));
  return sites.length === 0 || sites.includes(origin) ? origin : undefined;
}

function originOf(value: string | null | undefined): string | undefined {
  if (!value || value === 'null') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `?courseId=…&sessionId=…` of the page the form was posted from, when the `Referer` is that page
 * on the site (its referrer policy sends the address to the functions: web/src/student/pages.ts, `referrerPolicy`).
 */
export function pageQueryOf(referer: string | null, site: string, kind: FormKind): URLSearchParams {
  const query = new URLSearchParams();
  if (!referer) return query;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return query;
  }
  if (url.origin !== site || url.pathname.replace(/\/+$/, '') !== FORM_PAGES[kind]) return query;
  for (const name of ADDRESS_FIELDS) {
    const value = url.searchParams.get(name)?.trim();
    // An id is short; anything longer is not one, and would only lengthen the answer's Location.
    if (value && value.length <= MAX_ADDRESS_VALUE) query.set(name, value);
  }
  return query;
}

/**
 * The class link a Session Feedback form was posted from (`/class/<token>`, which is Session
 * Feedback itself: the page a class QR code opens), when the `Referer` is one on the site: its
 * token, for the caller to find the link's course and session with.
 */
export function classLinkTokenOf(referer: string | null, site: string): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    const token = CLASS_LINK_PATH.exec(url.pathname)?.[1];
    return url.origin === site ? token : undefined;
  } catch {
    return undefined;
  }
}

/** Fills the course and the session the form left empty from its page's address. */
export function withPageAddress(fields: Record<string, unknown>, page: URLSearchParams): Record<string, unknown> {
  const filled = { ...fields };
  for (const name of ADDRESS_FIELDS) {
    const value = page.get(name);
    if (filled[name] === undefined && value) filled[name] = value;
  }
  return filled;
}

/** The answer of a successful form post: the variant's confirmation, with the edit token in the fragment. */
export function sentLocation(site: string, kind: FormKind, page: URLSearchParams, editToken: string): string {
  return `${site}${FORM_PAGES[kind]}/sent${queryText(page)}#${new URLSearchParams({ token: editToken })}`;
}

// A Location header that proxies pass: what was typed rides along only while it stays this short.
export const MAX_LOCATION = 6000;
const MAX_ERROR = 500;

/**
 * The answer of a refused form post: `<page>/not-sent`, with the message, the messages by field
 * and (when short enough) what was typed, all in the fragment, which never reaches a server.
 */
export function notSentLocation(
  site: string,
  kind: FormKind,
  page: URLSearchParams,
  refusal: { error: string; code: string; params?: Record<string, string | number>; fields?: Record<string, string> },
  typed: Record<string, unknown>,
): string {
  const outcome = new URLSearchParams({ error: refusal.error, code: refusal.code });
  for (const [name, value] of Object.entries(refusal.params ?? {})) outcome.set(`p.${name}`, String(value));
  for (const [field, message] of Object.entries(refusal.fields ?? {})) outcome.set(`e.${field}`, message);
  const base = `${site}${FORM_PAGES[kind]}/not-sent${queryText(page)}#`;
  const withTyped = new URLSearchParams(outcome);
  for (const [field, value] of Object.entries(typed)) {
    if (typeof value === 'string' || typeof value === 'number') withTyped.set(`v.${field}`, String(value));
  }
  const full = `${base}${withTyped}`;
  if (full.length <= MAX_LOCATION) return full;
  const withoutTyped = `${base}${outcome}`;
  if (withoutTyped.length <= MAX_LOCATION) return withoutTyped;
  // Messages quote short names only, but a header has a hard limit: the message alone, cut to fit.
  return `${base}${new URLSearchParams({ error: refusal.error.slice(0, MAX_ERROR), code: refusal.code })}`;
}

const queryText = (query: URLSearchParams) => (query.size > 0 ? `?${query}` : '');

/** Whether the caller asked for JSON rather than a page (a script posting the form's encoding). */
export function wantsJson(accept: string | null): boolean {
  const value = (accept ?? '').toLowerCase();
  return value.includes('application/json') && !value.includes('text/html');
}

export const FORM_SITE_UNKNOWN = MESSAGES.form_site_unknown;
