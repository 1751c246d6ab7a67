/** The projector's join screen of a course: today's class link as a large QR code. */
export const presentPath = (courseId: string) => `/professor/present/${courseId}`;

/**
 * Full screen for the join screen. Asked from the click itself (the browser wants its user
 * activation), before the route changes; the page's element stays full screen across the
 * change. Refused or unsupported, the screen simply shows in the window.
 */
export function enterFullscreen(): void {
  const root = document.documentElement;
  if (document.fullscreenElement || typeof root.requestFullscreen !== 'function') return;
  root.requestFullscreen().catch(() => undefined);
}
