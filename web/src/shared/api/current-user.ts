import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadAuthClient } from '../../lib/authClient';
import { dataClients, sessionMayExist } from '../../lib/clients';
import { ApiError, dataOrThrow, meansSignedOut } from '../../lib/errors';
import { currentLanguage } from '../../i18n/i18n';
import { queryKeys } from '../../lib/queryKeys';
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

// A failed check is tried again only by its "Try again": without retryOnMount: false, every
// component that starts reading the user (the phone's menu opening) would check again, and the
// page would flash from the failure to its skeleton and back.
export const currentUserQueryOptions = () => queryOptions({ queryKey: queryKeys.auth.user, queryFn: getCurrentUser, retryOnMount: false });

/**
 * The signed-in professor; fetched once per page load. Three answers: signed in (`user`), signed
 * out (`isSignedOut`: the server said there is no session), or not known yet (`isLoading`, or
 * `isError` when the check itself failed — offline, 5xx — which must not read as signed out).
 */
export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return {
    user: query.data ?? null,
    isSignedIn: Boolean(query.data),
    isSignedOut: query.isSuccess && query.data === null,
    isLoading: query.isLoading,
    isError: query.isError,
    retry: query.refetch,
  };
}
