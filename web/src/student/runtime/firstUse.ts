// Islands hydrated on first use (runtime/Island.tsx's `onFirstUse`), for boot.ts, and parts of an
// island hydrated on first use (runtime/HydrationSlice.tsx's `onFirstUse`).
import { ENABLED_ON_LISTEN_ATTRIBUTE } from './islandMarks';
import { waitForUse } from './pendingIslands';

/**
 * What is the first use of an island: a tap, a focus or a key inside it; a click (assistive
 * technology's "activate") or a change of value (a select set by script or a tool) without either.
 */
export const FIRST_USE = ['pointerdown', 'focusin', 'keydown', 'click', 'input', 'change'] as const;

/** A plain link works without its island: following one does not wait for a hydration first. */
const onPlainLink = (event: Event) => event.target instanceof Element && event.target.closest('a[href]') !== null;

/**
 * Calls `wake` once, at the first use of `element` (a tap, focus, key or change inside it, but on
 * a plain link), there and then, before the event goes on to its target; or at a change of
 * language (runtime/pendingIslands.ts). Returns a way to stop listening without waking.
 */
export function onFirstUseOf(element: HTMLElement, wake: () => void): () => void {
  let forget = () => {};
  let done = false;
  function stop() {
    if (done) return;
    done = true;
    for (const event of FIRST_USE) element.removeEventListener(event, onUse, true);
    forget();
  }
  function onUse(event: Event) {
    if (onPlainLink(event)) return;
    stop();
    wake();
  }
  for (const event of FIRST_USE) element.addEventListener(event, onUse, true);
  forget = waitForUse(() => {
    stop();
    wake();
  });
  return stop;
}

/**
 * From now on, the first use of `island` (onFirstUseOf) calls `hydrate`, whose handlers are then
 * in place for the event; so does <html> coming to match `whenPageMatches` (a selector; empty for
 * none). The island's controls that wait for this are enabled now.
 */
export function hydrateOnFirstUse(island: HTMLElement, whenPageMatches: string, hydrate: () => void): void {
  const page = document.documentElement;
  const observer = whenPageMatches ? new MutationObserver(() => page.matches(whenPageMatches) && wake()) : undefined;
  let awake = false;
  function wake() {
    if (awake) return;
    awake = true;
    stopListening();
    observer?.disconnect();
    hydrate();
  }
  const stopListening = onFirstUseOf(island, wake);
  for (const control of island.querySelectorAll<HTMLButtonElement>(`[${ENABLED_ON_LISTEN_ATTRIBUTE}]`)) control.disabled = false;
  if (whenPageMatches && page.matches(whenPageMatches)) return wake();
  observer?.observe(page, { attributes: true });
}
