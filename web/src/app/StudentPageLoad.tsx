import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { carryToasts, isCarriedToastType, type CarriedToast } from '../lib/carriedToasts';
import { toaster } from '../shared/ui/toaster';
import { PageSpinner } from './PageSpinner';

/**
 * A student page reached from inside the app (a header link, the board from /admin, home after
 * signing out): the student pages are not the app's, so the browser loads the page itself, in
 * place of this entry. A toast not yet read goes with it ("Account deleted").
 */
export function StudentPageLoad() {
  const { pathname, search, hash } = useLocation();
  useLayoutEffect(() => {
    carryToasts(
      toaster
        .getVisibleToasts()
        .flatMap(({ type, title, description }): CarriedToast[] =>
          isCarriedToastType(type) && typeof title === 'string'
            ? [{ type, title, description: typeof description === 'string' ? description : undefined }]
            : [],
        ),
    );
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <PageSpinner />;
}
