import { useEffect, useState } from 'react';

/**
 * How many of a long list's `total` entries to draw now: `first` at once, then `step` more in each
 * later task until all are drawn. A list of a hundred entries drawn in one render was a task of
 * 220–370 ms on the 4× slower phone (the course page's timeline); in steps, the browser paints and
 * takes a tap between them. `first` should fill what the list shows without scrolling, so what
 * follows is drawn out of sight and moves nothing.
 */
export function useDrawnInSteps(total: number, { first, step }: { first: number; step: number }): number {
  const [drawn, setDrawn] = useState(first);
  useEffect(() => {
    if (drawn >= total) return;
    const timer = setTimeout(() => setDrawn((count) => count + step), 0);
    return () => clearTimeout(timer);
  }, [drawn, total, step]);
  return Math.min(drawn, total);
}
