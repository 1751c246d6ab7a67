import { loadAuthClient } from '../../../lib/authClient';
import { fromAuthError } from '../../../lib/errors';

/**
 * POST /api/auth/callback: finishes a magic-link or OAuth return. The auth client exchanges the
 * `?code=` (PKCE) itself while it initialises; this reports the outcome.
 *
 * An invitation link (Auth's invite, and the sign-in e-mail the team function sends to an existing
 * account) was asked for by the inviter, not in this browser, so it cannot be PKCE: Auth returns the
 * session in the URL fragment (`#access_token=…&refresh_token=…`), which a PKCE client refuses to
 * read by itself. It is taken over here, checked by Auth (setSession asks it for the user), and
 * removed from the address bar.
 */
export async function finishRedirectSignIn(): Promise<{ signedIn: boolean }> {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  const supabase = await loadAuthClient();
  if (accessToken && refreshToken) {
    // Its own attempt at the fragment fails ("not a PKCE flow"); the session is set below instead.
    await supabase.auth.initialize();
    window.history.replaceState(null, '', window.location.pathname);
    const { data, error } = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
    if (error) throw fromAuthError(error);
    return { signedIn: Boolean(data.session) };
  }
  const { error } = await supabase.auth.initialize();
  if (error) throw fromAuthError(error);
  const { data } = await supabase.auth.getSession();
  return { signedIn: Boolean(data.session) };
}
