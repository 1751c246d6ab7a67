import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from './PageSpinner';

/**
 * A student page reached from inside the app (a header link, the board from /admin): the student
 * pages are not the app's, so the browser loads the page itself, in place of this entry.
 */
export function StudentPageLoad() {
  const { pathname, search, hash } = useLocation();
  useLayoutEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <PageSpinner />;
}
