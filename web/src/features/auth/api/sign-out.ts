import { loadAuthClient } from '../../../lib/authClient';
import { sessionMayExist } from '../../../lib/clients';
import { fromAuthError, meansSignedOut } from '../../../lib/errors';

/** POST /api/auth/logout: ends the session here (the cookie goes even if the server is unreachable). */
export async function signOut(): Promise<null> {
  if (!sessionMayExist()) return null;
  const supabase = await loadAuthClient();
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  if (error && !meansSignedOut(error)) throw fromAuthError(error);
  return null;
}
