// Islands hydrated on first use (runtime/Island.tsx's `onFirstUse`), for boot.ts.
import { ENABLED_ON_LISTEN_ATTRIBUTE } from './islandMarks';
import { waitForUse } from './pendingIslands';

/**
 * What is the first use of an island: a tap, a focus or a key inside it; a click (assistive
 * technology's "activate") or a change of value (a select set by script or a tool) without either.
 */
const FIRST_USE = ['pointerdown', 'focusin', 'keydown', 'click', 'input', 'change'] as const;

/** A plain link works without its island: following one does not wait for a hydration first. */
const onPlainLink = (event: Event) => event.target instanceof Element && event.target.closest('a[href]') !== null;

/**
 * From now on, the first use of `island` (a tap, focus, key or change inside it, but on a plain
 * link) calls `hydrate` there and then, before the event goes on to its target, whose handler is
 * then in place; so does <html> coming to match `whenPageMatches` (a selector; empty for none), or
 * a change of language (runtime/pendingIslands.ts). The island's controls that wait for this are
 * enabled now.
 */
export function hydrateOnFirstUse(island: HTMLElement, whenPageMatches: string, hydrate: () => void): void {
  const page = document.documentElement;
  const observer = whenPageMatches ? new MutationObserver(() => page.matches(whenPageMatches) && wake()) : undefined;
  let forget = () => {};
  let awake = false;
  function wake() {
    if (awake) return;
    awake = true;
    for (const event of FIRST_USE) island.removeEventListener(event, onUse, true);
    observer?.disconnect();
    forget();
    hydrate();
  }
  function onUse(event: Event) {
    if (!onPlainLink(event)) wake();
  }
  for (const event of FIRST_USE) island.addEventListener(event, onUse, true);
  forget = waitForUse(wake);
  for (const control of island.querySelectorAll<HTMLButtonElement>(`[${ENABLED_ON_LISTEN_ATTRIBUTE}]`)) control.disabled = false;
  if (whenPageMatches && page.matches(whenPageMatches)) return wake();
  observer?.observe(page, { attributes: true });
}
