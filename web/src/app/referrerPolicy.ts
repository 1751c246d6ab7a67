/**
 * The feedback forms' prerendered HTML sends the page's whole address as the `Referer` of its form
 * post (web/scripts/prerender.ts), so the submissions function reads the course and session from it
 * when the page posts without JavaScript (docs/decisions/forms-before-the-app.md).
 * Once the app runs it posts with fetch and needs none of that: the browser's default comes back,
 * so no later page (a private link's `/track/<token>`) ever sends its address to another origin.
 */
export const FORM_PAGE_REFERRER_POLICY = 'no-referrer-when-downgrade';

export function restoreReferrerPolicy(): void {
  document.querySelector('meta[name="referrer"]')?.setAttribute('content', 'strict-origin-when-cross-origin');
}
