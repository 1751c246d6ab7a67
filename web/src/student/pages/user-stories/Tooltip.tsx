import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { css } from 'styled-system/css';
import { tooltip } from 'styled-system/recipes';

/** The seed's tooltip timing: it opens 700 ms after the pointer arrives, and stays 300 ms after it leaves. */
export const OPEN_DELAY = 700;
export const CLOSE_DELAY = 300;
/** Space between the trigger and the tooltip, as Chakra's (8 px). */
const GUTTER = 8;

/**
 * The tooltip on screen, open or closing: a trigger the pointer comes to while one is shown opens
 * its own at once, in its place (the seed's 300 ms skip window, as Zag's tooltip store does it).
 */
let shown: { hide: () => void } | null = null;

type Phase = 'closed' | 'opening' | 'open' | 'closing';

/** What the trigger (one focusable element) takes. */
export interface TooltipTrigger {
  ref: Ref<HTMLButtonElement>;
  'aria-describedby': string | undefined;
  'data-state': 'open' | 'closed';
  onPointerEnter: (event: PointerEvent) => void;
  onPointerLeave: () => void;
  onPointerDown: () => void;
  onFocus: (event: FocusEvent) => void;
  onBlur: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

interface TooltipProps {
  /** What it says (already translated). */
  content: string;
  /** Unique on the page: the tooltip's id. */
  id: string;
  children: (trigger: TooltipTrigger) => ReactNode;
}

/** Focus a keyboard brought (not a click): only then does a tooltip open on focus, as Zag's does. */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * Chakra's Tooltip (its recipe, below its trigger): it opens after OPEN_DELAY on hover and at once
 * on keyboard focus, closes CLOSE_DELAY after the pointer leaves, and at once on blur, a press,
 * Escape or a scroll. Touch never opens it. The trigger is described by it while it shows.
 */
export function Tooltip({ content, id, children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const floating = useRef<HTMLDivElement>(null);
  const phase = useRef<Phase>('closed');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A pressed trigger does not open again until the pointer has left it.
  const pressed = useRef(false);
  const self = useRef({ hide: () => {} });

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    phase.current = 'closed';
    if (shown === self.current) shown = null;
    setOpen(false);
  }, []);
  self.current.hide = hide;

  const show = useCallback(() => {
    clearTimeout(timer.current);
    if (shown && shown !== self.current) shown.hide();
    shown = self.current;
    phase.current = 'open';
    setOpen(true);
  }, []);

  useEffect(() => () => hide(), [hide]);

  useEffect(() => {
    if (!open) return;
    window.addEventListener('scroll', hide, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', hide, { capture: true });
  }, [open, hide]);

  // Below the trigger, centred, kept on screen; above it when there is no room below.
  useLayoutEffect(() => {
    const box = floating.current;
    if (!open || !box || !trigger.current) return;
    const anchor = trigger.current.getBoundingClientRect();
    const { width, height } = box.getBoundingClientRect();
    const below = anchor.bottom + GUTTER;
    const above = anchor.top - GUTTER - height;
    const flip = below + height > window.innerHeight && above >= 0;
    const left = Math.min(Math.max(anchor.left + anchor.width / 2 - width / 2, 0), Math.max(window.innerWidth - width, 0));
    box.style.top = `${flip ? above : below}px`;
    box.style.left = `${left}px`;
    box.style.setProperty('--transform-origin', flip ? 'bottom center' : 'top center');
  }, [open, content]);

  const triggerProps: TooltipTrigger = {
    ref: trigger,
    'aria-describedby': open ? id : undefined,
    'data-state': open ? 'open' : 'closed',
    onPointerEnter: (event) => {
      if (event.pointerType === 'touch' || pressed.current) return;
      if (phase.current === 'closing' || (shown && shown !== self.current)) return show();
      if (phase.current !== 'closed') return;
      phase.current = 'opening';
      timer.current = setTimeout(show, OPEN_DELAY);
    },
    onPointerLeave: () => {
      pressed.current = false;
      if (phase.current === 'opening') hide();
      if (phase.current !== 'open') return;
      phase.current = 'closing';
      timer.current = setTimeout(hide, CLOSE_DELAY);
    },
    onPointerDown: () => {
      pressed.current = true;
      hide();
    },
    onFocus: (event) => {
      if (focusVisible(event.currentTarget)) show();
    },
    onBlur: hide,
    onKeyDown: (event) => {
      if (['Escape', 'Enter', ' '].includes(event.key) && phase.current !== 'closed') hide();
    },
  };

  const styles = tooltip();
  return (
    <>
      {children(triggerProps)}
      {open &&
        createPortal(
          <div ref={floating} className={positioner} data-scope="tooltip" data-part="positioner">
            <div id={id} role="tooltip" className={styles.content} data-scope="tooltip" data-part="content" data-state="open">
              {content}
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}

const positioner = css({ position: 'fixed', top: '0', left: '0', zIndex: 'tooltip', pointerEvents: 'none' });
