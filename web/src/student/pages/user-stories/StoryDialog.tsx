import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { dialog } from 'styled-system/recipes';

interface StoryDialogProps {
  /** Unique on the page: the dialog's title and description ids start with it. */
  id: string;
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer: ReactNode;
}

/**
 * The board's modal frame, Chakra's Dialog drawn on the browser's own `<dialog>` (showModal: focus
 * kept inside, Escape, the page behind inert, focus back where it was on close): a title, an
 * optional description, a body and the footer's buttons. Escape or a press beside it closes it.
 */
export function StoryDialog({ id, open, onClose, title, description, children, footer }: StoryDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedBeside = useRef(false);

  // Opened and closed as it is drawn: the content and the modal state never part for a frame.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!open || !element) return;
    if (!element.open) element.showModal();
    const releaseToasts = holdToasts(element);
    const unlockScroll = lockScroll();
    return () => {
      releaseToasts();
      unlockScroll();
      if (element.open) element.close();
    };
  }, [open]);

  const styles = dialog({ placement: 'center', size: { mdDown: 'full', md: 'md' } });
  return (
    <dialog
      ref={ref}
      className={cx(styles.positioner, frame)}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      // The browser closes it on Escape; the board hears of it.
      onCancel={onClose}
      onPointerDown={(event) => (pressedBeside.current = event.target === event.currentTarget)}
      onClick={(event) => {
        if (pressedBeside.current && event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className={styles.content} data-scope="dialog" data-part="content" data-state="open">
          <div className={styles.header}>
            <h2 id={`${id}-title`} className={styles.title}>
              {title}
            </h2>
          </div>
          <div className={styles.body}>
            {description && (
              <p id={`${id}-description`} className={cx(styles.description, css({ mb: '3' }))}>
                {description}
              </p>
            )}
            {children}
          </div>
          <div className={styles.footer}>{footer}</div>
        </div>
      )}
    </dialog>
  );
}

/** The `<dialog>` as Chakra's positioner: the whole screen, its backdrop Chakra's. */
const frame = css({
  maxWidth: 'none',
  maxHeight: 'none',
  m: '0',
  p: '0',
  border: 'none',
  bg: 'transparent',
  color: 'fg',
  '&:not([open])': { display: 'none' },
  _backdrop: { bg: 'blackAlpha.500', animationName: 'fade-in', animationDuration: 'slow' },
});

/**
 * Outside a modal `<dialog>` the page is inert, the toasts too: while it is open they are moved into
 * it (their island, alive), so the failure of the dialog's own action can be read and closed
 * without closing the dialog. They go back when it closes.
 */
function holdToasts(element: HTMLDialogElement): () => void {
  const region = document.querySelector('[data-scope="toast"][data-part="group"]');
  const toasts = region?.closest('[data-island]') ?? region;
  const home = toasts?.parentNode;
  if (!toasts || !home) return () => {};
  const next = toasts.nextSibling;
  element.append(toasts);
  return () => {
    if (home.isConnected) home.insertBefore(toasts, next?.parentNode === home ? next : null);
  };
}

/** The page behind does not scroll while a dialog is open (as Chakra's), and does not shift as its scrollbar goes. */
function lockScroll(): () => void {
  const { body, documentElement } = document;
  const scrollbar = window.innerWidth - documentElement.clientWidth;
  const before = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  body.style.overflow = 'hidden';
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  return () => {
    body.style.overflow = before.overflow;
    body.style.paddingRight = before.paddingRight;
  };
}
