import { useEffect, useState } from 'react';

/**
 * False in the render the HTML was made from and in the browser's first render (which hydrates
 * that HTML and must match it), true from then on: what only the browser knows (storage, the
 * address's query, the clock) is drawn after it.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
