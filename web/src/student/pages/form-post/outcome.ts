// What the submissions function put in the fragment of the page it sent a form posted without
// JavaScript to (supabase/functions/_shared/form-post.ts): a fragment never reaches a server.
import { ApiError } from '../../../lib/errors';

/** An edit token as the submissions function makes one: `<submission id>.<secret>`. */
export const EDIT_TOKEN = /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/;

/** The new submission's edit token in a fragment, when it holds a well-formed one. */
export function editTokenIn(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
  return EDIT_TOKEN.test(token) ? token : undefined;
}

export type FormPage = 'submit' | 'class-session';

export interface FormPostOutcome {
  /** The new submission's edit token (`<id>.<secret>`), on `…/sent`. */
  editToken?: string;
  /** The refusal, on `…/not-sent`. */
  error?: ApiError;
  /** The first message of each field the schema refused. */
  fields: Record<string, string>;
  /** What was typed, when it was short enough to travel back. */
  typed: Record<string, string>;
}

export function readOutcome(hash: string): FormPostOutcome {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const fields: Record<string, string> = {};
  const typed: Record<string, string> = {};
  const errorParams: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name.startsWith('e.')) fields[name.slice(2)] = value;
    else if (name.startsWith('v.')) typed[name.slice(2)] = value;
    else if (name.startsWith('p.')) errorParams[name.slice(2)] = value;
  }
  const message = params.get('error');
  return {
    editToken: editTokenIn(hash),
    error: message ? new ApiError(400, message, { code: params.get('code') ?? undefined, params: errorParams }) : undefined,
    fields,
    typed,
  };
}

let taken: FormPostOutcome | undefined;

/**
 * This page's outcome, read once: the fragment (an edit token among it) then leaves the address bar
 * and the history at once. Every island of the page gets the same outcome.
 */
export function pageOutcome(): FormPostOutcome {
  if (!taken) {
    taken = readOutcome(window.location.hash);
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return taken;
}

/** Forgets the outcome read (a test's next page). */
export function forgetPageOutcome(): void {
  taken = undefined;
}

/** The form a page's outcome is of, and its address with the course and session the post came from. */
export function formAddress(form: FormPage): string {
  const search = new URLSearchParams(window.location.search);
  const query = new URLSearchParams();
  for (const name of ['courseId', 'sessionId']) {
    const value = search.get(name)?.trim();
    if (value) query.set(name, value);
  }
  return `/${form}${query.size ? `?${query}` : ''}`;
}
