import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Draws its children once their place is within a screen's height of the screen (at once where
 * the browser cannot tell). A panel far below the form, such as "What others found unclear", then
 * costs a phone nothing as the page loads: drawn with it, its read and its list were a sixth of
 * Session Feedback's main-thread time on the 4× slower phone (docs/decisions/first-paint.md,
 * "A form hydrated on first use"). Until then its place is an empty element.
 */
export function WhenNear({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? <>{children}</> : <div ref={place} />;
}
