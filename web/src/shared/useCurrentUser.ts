import { useQuery } from '@tanstack/react-query';
import { type AuthUser, queryKeys } from '../api';

/**
 * The signed-in professor; fetched once per page load. Three answers: signed in (`user`), signed
 * out (`isSignedOut`: the server said there is no session), or not known yet (`isLoading`, or
 * `isError` when the check itself failed — offline, 5xx — which must not read as signed out).
 */
export function useCurrentUser() {
  const query = useQuery<AuthUser | null>({ queryKey: queryKeys.authUser });
  return {
    user: query.data ?? null,
    isSignedIn: Boolean(query.data),
    isSignedOut: query.isSuccess && query.data === null,
    isLoading: query.isLoading,
    isError: query.isError,
    retry: query.refetch,
  };
}
