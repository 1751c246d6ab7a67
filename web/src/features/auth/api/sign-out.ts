import { loadAuthClient } from '../../../lib/authClient';
import { sessionMayExist } from '../../../lib/clients';
import { apiConfig } from '../../../lib/config';
import { fromAuthError, meansSignedOut } from '../../../lib/errors';
import { authStorageKey, sessionCookieNames } from '../../../lib/sessionCookie';

/** POST /api/auth/logout: ends the session here (the cookie goes even if the server is unreachable). */
export async function signOut(): Promise<null> {
  if (!sessionMayExist()) return null;
  const supabase = await loadAuthClient();
  try {
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (error && !meansSignedOut(error)) throw fromAuthError(error);
  } finally {
    // supabase-js keeps the session when the server's answer is an error other than "signed out"
    // (a 5xx, a dropped connection): the cookie goes anyway, or the next page still finds it.
    forgetSessionCookies();
  }
  return null;
}

function forgetSessionCookies() {
  for (const name of sessionCookieNames(document.cookie, authStorageKey(apiConfig.supabaseUrl))) {
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
}
