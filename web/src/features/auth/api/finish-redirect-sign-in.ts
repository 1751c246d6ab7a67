import { loadAuthClient } from '../../../lib/authClient';
import { fromAuthError } from '../../../lib/errors';

/**
 * POST /api/auth/callback: finishes a magic-link or OAuth return. The auth client exchanges the
 * `?code=` (PKCE) itself while it initialises; this reports the outcome.
 */
export async function finishRedirectSignIn(): Promise<{ signedIn: boolean }> {
  const supabase = await loadAuthClient();
  const { error } = await supabase.auth.initialize();
  if (error) throw fromAuthError(error);
  const { data } = await supabase.auth.getSession();
  return { signedIn: Boolean(data.session) };
}
