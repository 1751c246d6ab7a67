// The fragment of a form post's outcome page (supabase/functions/_shared/form-post.ts), as a light
// page reads it without the app: the edit token, and where it leaves the fragment for the app once
// it has taken it out of the address bar.

const EDIT_TOKEN = /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/;

/** Where a light outcome page leaves the fragment it took from the address, for the app (FormPostOutcomePage). */
export const OUTCOME_FRAGMENT_GLOBAL = '__classpulseFormPostOutcome';

/** The new submission's edit token in a fragment, when it holds a well-formed one. */
export function editTokenIn(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
  return EDIT_TOKEN.test(token) ? token : undefined;
}

/** The page's fragment: still in the address, or left by the light page that took it out. */
export function outcomeFragment(): string {
  const left = (window as unknown as Record<string, unknown>)[OUTCOME_FRAGMENT_GLOBAL];
  return window.location.hash || (typeof left === 'string' ? left : '');
}
