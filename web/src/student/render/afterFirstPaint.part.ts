// A function the inline scripts share: an inline script imports it from this `.part.ts` file, and
// the build puts this file's body before the script's own (web/scripts/inline-script.ts).

/**
 * Runs `then` in a task of its own once the page's first contentful paint is on screen (the
 * browser's own paint timing; a frame's callback where it has none). A hidden tab paints nothing:
 * there it runs at once.
 */
export function afterFirstPaint(then: () => void): void {
  if (document.visibilityState === 'hidden') return then();
  const run = () => setTimeout(then, 0);
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint'))
    return void requestAnimationFrame(run);
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  }).observe({ type: 'paint', buffered: true });
}
