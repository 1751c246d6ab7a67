import { apiConfig } from '../../lib/config';
import { useHydrated } from '../useHydrated';

/** Where a feedback form posts itself when no script handles it (the submissions function). */
export const SUBMISSIONS_URL = `${apiConfig.supabaseUrl}/functions/v1/submissions`;

/**
 * A new feedback form's attributes in its prerendered HTML
 * (docs/decisions/forms-before-the-app.md): before the app has taken the page over (or when its
 * code never arrives) the browser checks the required fields itself and posts the form to the submissions function. Once
 * the app runs, it validates and sends (react-hook-form), and the form has no action of its own.
 */
export function useNativeFormPost(enabled: boolean): { method?: 'post'; action?: string; noValidate: boolean } {
  const hydrated = useHydrated();
  return enabled && !hydrated ? { method: 'post', action: SUBMISSIONS_URL, noValidate: false } : { noValidate: true };
}
