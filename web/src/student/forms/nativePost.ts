import { type RefObject, useLayoutEffect } from 'react';
import { apiConfig } from '../../lib/config';
import { useMounted } from '../runtime/useMounted';

/** Where a feedback form posts itself when no script handles it (the submissions function). */
export const SUBMISSIONS_URL = `${apiConfig.supabaseUrl}/functions/v1/submissions`;

/**
 * A new feedback form's attributes (docs/decisions/forms-before-the-app.md): in its HTML, until its
 * island has hydrated (or when its code never arrives), the browser checks the required fields
 * itself and posts the form to the submissions function. Once the island runs, it validates and
 * sends with fetch, and the form has no action of its own left to post to: from the hydration on,
 * before anything else happens, since a form hydrated on its first use may be hydrated by a tap on
 * its submit button, whose submit must then be the island's, its checks included.
 */
export function useNativePost(
  enabled: boolean,
  form: RefObject<HTMLFormElement | null>,
): { method?: 'post'; action?: string; noValidate: boolean } {
  const mounted = useMounted();
  // Again once `mounted` has dropped the props: Preact leaves `action=""` where one was.
  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    element.removeAttribute('action');
    element.removeAttribute('method');
    element.noValidate = true;
  }, [mounted, form]);
  return enabled && !mounted ? { method: 'post', action: SUBMISSIONS_URL, noValidate: false } : { noValidate: true };
}
