import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toaster } from '../../shared/ui/toaster';
import { useCurrentUser } from '../../shared/api/current-user';
import { AUTH_REQUIRED, LOGIN_REDIRECT_DELAY_MS } from './messages';

/**
 * Professor pages: a signed-out visitor gets the seed's "Authentication Required" toast and is
 * sent to /api/login after 1.5 s. `user` is set once the visitor is known to be signed in. Only
 * the server's "no session" counts as signed out: when the check itself fails (offline, 5xx),
 * `checkFailed` is set and the page offers `retry` instead of sending a professor to sign in again.
 */
export function useRequireProfessor() {
  const { user, isLoading, isSignedOut, isError, retry } = useCurrentUser();
  const navigate = useNavigate();
  const warned = useRef(false);

  useEffect(() => {
    if (!isSignedOut) return;
    if (!warned.current) {
      warned.current = true;
      toaster.create({ type: 'error', ...AUTH_REQUIRED });
    }
    const timer = window.setTimeout(() => navigate('/api/login', { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isSignedOut, navigate]);

  return { user, isChecking: isLoading, signedOut: isSignedOut, checkFailed: isError && !user, retry };
}
