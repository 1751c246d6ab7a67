import { loadAuthClient } from '../../lib/authClient';
import { dataClients, sessionMayExist } from '../../lib/clients';
import { ApiError, dataOrThrow, meansSignedOut } from '../../lib/errors';
import { currentLanguage } from '../../i18n/translate';
import { rememberLanguage } from './remember-language';

export interface AuthUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** GET /api/auth/user: the signed-in professor, or null. Without a session cookie no auth code loads. */
export async function getCurrentUser(): Promise<AuthUser | null> {
  if (!sessionMayExist()) return null;
  const supabase = await loadAuthClient();
  const { data, error } = await supabase.auth.getUser();
  if (error) {
    if (meansSignedOut(error)) return null;
    throw new ApiError(error.status ?? 0, error.message);
  }
  // The account keeps the language the app is used in, for the auth server's e-mails.
  void rememberLanguage(currentLanguage(), data.user.user_metadata.language ?? null);
  const { db } = await dataClients();
  const profile = dataOrThrow(
    await db.from('profiles').select('email, first_name, last_name, profile_image_url').eq('id', data.user.id).maybeSingle(),
  );
  return {
    id: data.user.id,
    email: profile?.email || data.user.email || '',
    firstName: profile?.first_name ?? null,
    lastName: profile?.last_name ?? null,
    profileImageUrl: profile?.profile_image_url ?? null,
  };
}
