/**
 * Toasts that outlive a page load. The professor app and the student pages are separate documents:
 * when the app hands over to a student page (signing out, an account just deleted), the toast still
 * to be read goes with it through this tab's sessionStorage, and the student page shows it.
 */
export const CARRIED_TOASTS_KEY = 'classpulse.carried-toasts';

export interface CarriedToast {
  type: 'success' | 'error' | 'info' | 'warning';
  title: string;
  description?: string;
}

const TYPES: readonly string[] = ['success', 'error', 'info', 'warning'];

export const isCarriedToastType = (type: unknown): type is CarriedToast['type'] => typeof type === 'string' && TYPES.includes(type);

function isCarriedToast(value: unknown): value is CarriedToast {
  if (typeof value !== 'object' || value === null) return false;
  const { type, title, description } = value as Record<string, unknown>;
  return isCarriedToastType(type) && typeof title === 'string' && (description === undefined || typeof description === 'string');
}

export function carryToasts(toasts: readonly CarriedToast[]): void {
  if (toasts.length === 0) return;
  try {
    sessionStorage.setItem(CARRIED_TOASTS_KEY, JSON.stringify(toasts));
  } catch {
    // Storage refused (a private window's quota): the toast is lost, the page load is not.
  }
}

/** The toasts carried to this page, once: taking them forgets them. */
export function takeCarriedToasts(): CarriedToast[] {
  try {
    const raw = sessionStorage.getItem(CARRIED_TOASTS_KEY);
    sessionStorage.removeItem(CARRIED_TOASTS_KEY);
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isCarriedToast) : [];
  } catch {
    return [];
  }
}
