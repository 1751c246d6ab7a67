import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toaster } from '../../shared/ui/toaster';
import { useCurrentUser } from '../../shared/useCurrentUser';
import { AUTH_REQUIRED, LOGIN_REDIRECT_DELAY_MS } from './messages';

/**
 * Professor pages: a signed-out visitor gets the seed's "Authentication Required" toast and is
 * sent to /api/login after 1.5 s. `user` is set once the visitor is known to be signed in.
 */
export function useRequireProfessor() {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const warned = useRef(false);
  const signedOut = !isLoading && !user;

  useEffect(() => {
    if (!signedOut) return;
    if (!warned.current) {
      warned.current = true;
      toaster.create({ type: 'error', ...AUTH_REQUIRED });
    }
    const timer = window.setTimeout(() => navigate('/api/login', { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedOut, navigate]);

  return { user, isChecking: isLoading, signedOut };
}
