import type { AuthError } from '@supabase/supabase-js';
import { loadAuthClient } from '../authClient';
import { dataClients, sessionMayExist } from '../clients';
import { ApiError, dataOrThrow } from '../errors';
import type { RouteTable } from '../routeTable';
import type { AuthUser } from '../types';

interface ProfileRow {
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}

/** GET /api/auth/user: the signed-in professor, or null. Without a session cookie no auth code loads. */
async function currentUser(): Promise<AuthUser | null> {
  if (!sessionMayExist()) return null;
  const supabase = await loadAuthClient();
  const { data, error } = await supabase.auth.getUser();
  if (error) {
    if (meansSignedOut(error)) return null;
    throw new ApiError(error.status ?? 0, error.message);
  }
  const { db } = await dataClients();
  const profile = dataOrThrow(
    await db
      .from('profiles')
      .select('email, first_name, last_name, profile_image_url')
      .eq('id', data.user.id)
      .maybeSingle()
      .overrideTypes<ProfileRow | null, { merge: false }>(),
  );
  return {
    id: data.user.id,
    email: profile?.email || data.user.email || '',
    firstName: profile?.first_name ?? null,
    lastName: profile?.last_name ?? null,
    profileImageUrl: profile?.profile_image_url ?? null,
  };
}

/** No session, or one the auth server no longer accepts (expired refresh token, deleted user). */
function meansSignedOut(error: AuthError): boolean {
  return error.name === 'AuthSessionMissingError' || error.status === 401 || error.status === 403;
}

export const authRoutes: RouteTable = {
  'GET /api/auth/user': currentUser,
};
