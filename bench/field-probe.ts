// One look at a form field, run inside the page (page.evaluate): what a student would see and what
// the field holds, at performance.now() (ms since navigation start). Self-contained, as code sent to
// the page must be, and without inner functions (tsx would wrap them in a helper the page lacks).

export interface FieldLook {
  now: number;
  /** performance.timeOrigin: `now` is from this document's navigation start. */
  origin: number;
  /** Where a finger would tap the field: set once the page has painted and the field is visible. */
  tapAt: { x: number; y: number } | null;
  holdsCharacter: boolean;
  /** When the HTML had arrived, to check the network throttling applied (it delays the body). */
  documentArrivedAt: number;
}

export function probeField({ selector, character }: { selector: string; character: string }): FieldLook {
  const now = performance.now();
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const documentArrivedAt = navigation?.responseEnd ?? 0;
  const painted = performance.getEntriesByName('first-contentful-paint').length > 0;
  const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(selector);
  const origin = performance.timeOrigin;
  if (!field) return { now, origin, tapAt: null, holdsCharacter: false, documentArrivedAt };
  const holdsCharacter = field.value.includes(character);
  let box = field.getBoundingClientRect();
  const visible = painted && box.width > 0 && box.height > 0 && field.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  if (visible && (box.top < 0 || box.bottom > window.innerHeight)) {
    // A student scrolls to a field below the fold; the compositor scrolls even while scripts run.
    field.scrollIntoView({ block: 'center' });
    box = field.getBoundingClientRect();
  }
  const tapAt = visible ? { x: box.left + box.width / 2, y: box.top + Math.min(box.height / 2, 16) } : null;
  return { now, origin, tapAt, holdsCharacter, documentArrivedAt };
}
