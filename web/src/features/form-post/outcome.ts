// What the submissions function put in the fragment of the page it sent a form posted without
// JavaScript to (supabase/functions/_shared/form-post.ts): a fragment never reaches a server.
import { ApiError } from '../../lib/errors';
import { editTokenIn } from './fragment';

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
