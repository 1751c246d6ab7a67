/**
 * The attribute on `#root` naming the path a page's HTML was prerendered for (web/scripts/prerender.ts).
 * A static host serves `index.html` (the landing page's) for every path it has no file for; the
 * inline script in that HTML hides the landing page's markup there until the app replaces it.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Set on `<html>` by that inline script when the address is another page's: `#root` stays hidden. */
export const OTHER_PAGE_ATTRIBUTE = 'data-other-page';

/** `/course-search` and `/course-search/` (a host serving `course-search/index.html`) are one page. */
export function samePage(a: string, b: string): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  return trim(a) === trim(b);
}

/** On `#root`: the language of the prerendered markup it holds (each language's is in the page's HTML). */
export const PRERENDERED_LANGUAGE_ATTRIBUTE = 'data-prerendered-lang';

/** On a prerendered form tapped "Submit" before the app ran: the app submits it once it has taken over. */
export const SUBMIT_PENDING_ATTRIBUTE = 'data-submit-pending';
/** On a light page's button tapped before the app ran (web/src/student/userStories.ts): the app's button is clicked once it has taken over. */
export const CLICK_PENDING_ATTRIBUTE = 'data-click-pending';
/** On `<html>` once the app's code could not be loaded: a form then posts itself at once. */
export const APP_FAILED_ATTRIBUTE = 'data-app-failed';
export const APP_FAILED_EVENT = 'classpulse:app-failed';
