import type { QueryFunction } from '@tanstack/react-query';
import { ApiError, toApiError } from './errors';
import { queryKeyToPath } from './queryKeys';
import { type ApiMethod, matchRoute } from './routeTable';
import { routes } from './routes';

/**
 * The seed's `apiRequest(method, url, body)`, served by the façade instead of an Express server:
 * resolves the /api route and returns its data, or throws an ApiError ("{status}: {message}").
 */
export async function apiRequest<T = unknown>(
  method: ApiMethod,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const { pathname, searchParams } = new URL(url, 'http://api.invalid');
  const match = matchRoute(routes, method, pathname);
  if (!match) throw new ApiError(404, `No /api route for ${method} ${pathname}`);
  try {
    return (await match.handler({ params: match.params, query: searchParams, body, headers })) as T;
  } catch (error) {
    throw toApiError(error);
  }
}

/** TanStack Query's default queryFn: GET the path the key spells (see queryKeys). */
export const apiQueryFn: QueryFunction = ({ queryKey }) => apiRequest('GET', queryKeyToPath(queryKey));
