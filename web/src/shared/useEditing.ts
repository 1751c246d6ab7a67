import { useCallback, useRef, useState } from 'react';

/**
 * The item an edit form is open for, opened from a list's Edit button: `start(item)` opens it,
 * `finish()` closes it (saved, cancelled or the item gone) and puts focus back on that Edit button.
 * The form's Cancel button is gone by then, and focus would fall to the page's start; back on the
 * Edit button, a keyboard user goes on where they were.
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const start = useCallback((item: T) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(item);
  }, []);
  const finish = useCallback(() => {
    const back = opener.current;
    opener.current = null;
    setEditing(null);
    if (back?.isConnected) back.focus();
  }, []);
  return { editing, start, finish };
}
