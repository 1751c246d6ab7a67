import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from '../lib/errors';
import { FAILED, LIGHT_PAGE_DATA } from '../shared/lightPageMarkers';

/**
 * What a light page read before it handed itself to the app (web/src/student/classSession.ts), as
 * [query key, data] pairs in the façade's shapes: the app's first render shows it, as the light
 * page did, instead of its loading states while it asks again. A read that failed there is a
 * failure here too, which the page shows with its "Try again" (its queries do not retry on mount).
 */
export function seedFromLightPage(queryClient: QueryClient): void {
  const left = (window as unknown as Record<string, [QueryKey, unknown][] | undefined>)[LIGHT_PAGE_DATA];
  for (const [queryKey, data] of left ?? []) {
    if (data !== FAILED) queryClient.setQueryData(queryKey, data);
    else void queryClient.prefetchQuery({ queryKey, queryFn: () => Promise.reject(new ApiError(0, 'Failed to fetch')), retry: false });
  }
}
