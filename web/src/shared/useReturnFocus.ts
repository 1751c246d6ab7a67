import { useMemo, useRef } from 'react';

/**
 * Focus for an edit form opened from a list's Edit button: `remember()` when it opens, `restore()`
 * when it closes (saved or cancelled). The form's Cancel button is gone by then, and focus would
 * fall to the page's start; back on the Edit button, a keyboard user goes on where they were.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      remember() {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      },
      restore() {
        const back = opener.current;
        opener.current = null;
        if (back?.isConnected) back.focus();
      },
    }),
    [],
  );
}
