import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * A page of sections linked by anchor (`/privacy#how-it-works`): after a navigation inside the app,
 * scrolls to the section the address names, or to the top. The router keeps the scroll position of
 * the page it came from, which on a long page opened from a footer would land mid-page. The first
 * load is left alone: the browser has scrolled to the anchor itself, and the takeover of a
 * prerendered page keeps where the visitor has scrolled to.
 */
export function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else if (key !== 'default') window.scrollTo(0, 0);
  }, [hash, key]);
}
