import { useEffect, useRef, useSyncExternalStore } from 'react';
import { css, cx } from 'styled-system/css';
import { toast as toastRecipe } from 'styled-system/recipes';
import { takeCarriedToasts } from '../../lib/carriedToasts';
import { useMounted } from '../runtime/useMounted';
import { useT } from '../runtime/useT';
import { CloseIcon, STATUS_ICONS } from './icons';
import { dismissToast, notify, pauseToast, shownToast, subscribeToToasts } from './toaster';

// Darker than Chakra's green.solid and orange.solid, on which white text is 3.3:1 and 3.6:1: axe
// asks 4.5:1 of a toast's 14 px text.
const readable = css({
  '&[data-type=success]': { bg: 'green.700' },
  '&[data-type=warning]': { bg: 'orange.700' },
});

const region = css({
  position: 'fixed',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  zIndex: '2147483647',
  bottom: 'max(env(safe-area-inset-bottom, 0px), 1rem)',
  insetInlineEnd: 'calc(env(safe-area-inset-right, 0px) + 1rem)',
  insetInline: { mdDown: '4' },
  maxWidth: { md: '420px' },
});

/**
 * Where the page's toasts show (ui/toaster.ts), as Chakra's toaster draws them: its region (F8
 * takes focus there), the toast's parts and attributes, its icons.
 */
export default function Toaster() {
  const { t } = useT();
  // It hydrates when a toast is already there (PageShell): its first render is the HTML's, with none.
  const shown = useSyncExternalStore(subscribeToToasts, shownToast, () => undefined);
  const toast = useMounted() ? shown : undefined;
  const group = useRef<HTMLDivElement>(null);
  const focusBefore = useRef<HTMLElement | null>(null);

  // A toast the professor app had not yet shown for long when it handed over to this page (lib/carriedToasts.ts).
  useEffect(() => takeCarriedToasts().forEach(notify), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8' || !shownToast() || !group.current) return;
      event.preventDefault();
      const active = document.activeElement;
      if (active instanceof HTMLElement && !group.current.contains(active)) focusBefore.current = active;
      group.current.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // Focus that was on the toast goes back where it came from when the toast closes.
  const hadToast = useRef(false);
  useEffect(() => {
    const closed = hadToast.current && !toast;
    hadToast.current = Boolean(toast);
    if (!closed || !focusBefore.current) return;
    const active = document.activeElement;
    if (active === null || active === document.body || group.current?.contains(active)) focusBefore.current.focus();
    focusBefore.current = null;
  }, [toast]);

  const styles = toastRecipe();
  const Icon = toast ? STATUS_ICONS[toast.type] : undefined;
  const id = toast ? `toast-${toast.id}` : undefined;
  return (
    <div
      ref={group}
      className={region}
      data-scope="toast"
      data-part="group"
      role="region"
      aria-label={`${t('Notifications')}, bottom-end (F8)`}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
      tabIndex={-1}
      data-placement="bottom-end"
      style={toast ? undefined : { pointerEvents: 'none' }}
      onPointerEnter={() => pauseToast('pointer', true)}
      onPointerLeave={() => pauseToast('pointer', false)}
      onFocus={() => pauseToast('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) pauseToast('focus', false);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented || !toast) return;
        event.preventDefault();
        dismissToast();
      }}
    >
      {toast && Icon && (
        <div
          key={toast.id}
          className={cx(styles.root, readable, css({ width: { md: 'sm' } }))}
          data-scope="toast"
          data-part="root"
          data-state="open"
          data-type={toast.type}
          data-placement="bottom-end"
          role="status"
          aria-atomic="true"
          aria-labelledby={`${id}:title`}
          aria-describedby={toast.description ? `${id}:description` : undefined}
          tabIndex={0}
        >
          <Icon className={styles.indicator} />
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1', maxWidth: '100%' })}>
            <div id={`${id}:title`} className={styles.title} data-scope="toast" data-part="title">
              {t(toast.title)}
            </div>
            {toast.description && (
              // Full opacity: Chakra dims descriptions to 0.8, and white on red.600 then fails axe's 4.5:1 at this size.
              <div
                id={`${id}:description`}
                className={cx(styles.description, css({ opacity: '1' }))}
                data-scope="toast"
                data-part="description"
              >
                {t(toast.description)}
              </div>
            )}
          </div>
          <button
            type="button"
            className={styles.closeTrigger}
            data-scope="toast"
            data-part="close-trigger"
            aria-label={t('Close notification')}
            onClick={dismissToast}
          >
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
}
