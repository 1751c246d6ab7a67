/**
 * The page was opened by a link (or a form) of this site, not typed, reloaded or restored. Between
 * a light student page and the app a link is an ordinary page load, after which the browser leaves
 * focus on the body; such a page then moves focus to the start of its content, as a navigation
 * inside the app does, so a keyboard or screen-reader user does not start again from the top.
 */
export function arrivedFromThisSite(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (entry?.type !== 'navigate' || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Nothing has focus (the body has it), or what had it has left the page. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}
