// boot.ts's side of the page's loader (render/loader.inline.ts): which islands the student used
// before this code ran, and the taps on their buttons, given again once they can be answered.
import { ISLAND_LIVE_ATTRIBUTE, LOADER_GLOBAL, type PageLoader } from './islandMarks';

const pageLoader = (): PageLoader | undefined => (window as unknown as Record<string, PageLoader | undefined>)[LOADER_GLOBAL];

/** The student used `island` (a tap, a focus, a key or a change inside it) before boot.ts took its events. */
export const usedBeforeBoot = (island: Element): boolean => pageLoader()?.used.has(island) ?? false;

/**
 * From now on boot.ts takes `island`'s events (it has hydrated, or listens for its first use): the
 * loader leaves them, and the buttons tapped in it meanwhile are tapped again, in order.
 */
export function islandIsLive(island: HTMLElement): void {
  island.setAttribute(ISLAND_LIVE_ATTRIBUTE, '');
  const loader = pageLoader();
  if (!loader) return;
  // A button the hydration drew anew has left the page: its tap is dropped.
  const taps = loader.taps.filter((button) => island.contains(button) || !button.isConnected);
  loader.taps = loader.taps.filter((button) => !taps.includes(button));
  for (const button of taps) if (button instanceof HTMLElement && button.isConnected) button.click();
}
