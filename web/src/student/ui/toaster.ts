// The student pages' toasts (the seed's notifications): one at a time, the next waiting its turn;
// 5 s each, paused while the pointer or focus is on it or the page is hidden; closed by its button
// or Escape; F8 moves focus to it, and focus goes back when it closes. Drawn by Toaster.island.tsx,
// which hydrates when <html> says a toast is there (TOASTING_MARK).
import { TOASTING_MARK } from '../runtime/pageMarks';

export interface Toast {
  id: number;
  type: 'success' | 'error' | 'info' | 'warning';
  /** English (its own key) or already in the page's language. */
  title: string;
  description?: string;
}

/** A toast stays this long (ms) unless paused. */
export const TOAST_DURATION = 5000;

type PauseReason = 'pointer' | 'focus' | 'hidden';

const waiting: Toast[] = [];
const pausedBy = new Set<PauseReason>();
const listeners = new Set<() => void>();
let shown: { toast: Toast; startedAt?: number; remaining: number; timer?: ReturnType<typeof setTimeout> } | undefined;
let count = 0;

function changed() {
  if (typeof document !== 'undefined') document.documentElement.toggleAttribute(TOASTING_MARK, shown !== undefined);
  listeners.forEach((listener) => listener());
}

export function notify(toast: Omit<Toast, 'id'>): void {
  waiting.push({ ...toast, id: ++count });
  if (!shown) showNext();
}

function showNext() {
  const next = waiting.shift();
  shown = next ? { toast: next, remaining: TOAST_DURATION } : undefined;
  run();
  changed();
}

/** Closes the toast on screen; the next one, if any, takes its place. */
export function dismissToast(): void {
  if (!shown) return;
  clearTimeout(shown.timer);
  pausedBy.delete('pointer');
  pausedBy.delete('focus');
  showNext();
}

/** Starts or stops the shown toast's clock as the pauses say. */
function run() {
  if (!shown) return;
  clearTimeout(shown.timer);
  if (pausedBy.size > 0) {
    if (shown.startedAt !== undefined) shown.remaining -= Date.now() - shown.startedAt;
    shown.startedAt = undefined;
    return;
  }
  shown.startedAt ??= Date.now();
  shown.timer = setTimeout(dismissToast, Math.max(0, shown.remaining - (Date.now() - shown.startedAt)));
}

export function pauseToast(reason: PauseReason, paused: boolean): void {
  if (paused) pausedBy.add(reason);
  else pausedBy.delete(reason);
  run();
}

export const shownToast = (): Toast | undefined => shown?.toast;

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => pauseToast('hidden', document.visibilityState === 'hidden'));
}
