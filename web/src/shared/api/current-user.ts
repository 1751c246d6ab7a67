import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/queryKeys';
import { getCurrentUser } from './get-current-user';

export { type AuthUser, getCurrentUser } from './get-current-user';

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
