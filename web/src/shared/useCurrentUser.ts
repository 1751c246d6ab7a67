import { useQuery } from '@tanstack/react-query';
import { type AuthUser, queryKeys } from '../api';

/** The signed-in professor (null when signed out); fetched once per page load. */
export function useCurrentUser() {
  const query = useQuery<AuthUser | null>({ queryKey: queryKeys.authUser });
  return { user: query.data ?? null, isSignedIn: Boolean(query.data), isLoading: query.isLoading };
}
