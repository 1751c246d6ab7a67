import { useEffect, useState } from 'react';

/**
 * How many of a long list's `total` entries to draw now: `first` at once, then `step` more in each
 * later task until all are drawn. The course page's hundred timeline entries, drawn in one render,
 * made its longest task 25–40 ms longer on the 4× slower phone; in steps, the browser paints and
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
