// The app starting as a visitor comes to what only it does, on a light page (userStories.ts,
// formPost.ts), and the tap that follows kept for it.
import { CLICK_PENDING_ATTRIBUTE } from '../app/prerendered';

/**
 * The app starts at the first focus or pointer on what `approached` says is the app's: its code
 * has a head start on the tap. A tap on one of those buttons until the app has taken over is kept,
 * the last one for the app: the takeover clicks the app's button in the same place
 * (app/takeover.ts). The tap's listener is not tied to the page's listeners, which go when the app
 * is asked to start.
 */
export function startAppOnApproach(
  root: HTMLElement,
  {
    approached,
    buttonOf,
  }: { approached: (target: EventTarget | null) => boolean; buttonOf: (target: EventTarget | null) => Element | null },
  handOver: () => void,
  { signal }: { signal: AbortSignal },
) {
  const start = (event: Event) => approached(event.target) && handOver();
  root.addEventListener('focusin', start, { signal });
  root.addEventListener('pointerover', start, { signal });
  root.addEventListener(
    'click',
    (event) => {
      const button = buttonOf(event.target);
      if (!button) return;
      event.preventDefault();
      for (const kept of root.querySelectorAll(`[${CLICK_PENDING_ATTRIBUTE}]`)) kept.removeAttribute(CLICK_PENDING_ATTRIBUTE);
      button.setAttribute(CLICK_PENDING_ATTRIBUTE, '');
      handOver();
    },
    true,
  );
}
