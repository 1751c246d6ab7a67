import type { QueryFunction } from '@tanstack/react-query';
import { ApiError, toApiError } from './errors';
import { queryKeyToPath } from './queryKeys';
import { type ApiMethod, type RouteMatch, type RouteTable, matchRoute } from './routeTable';
import { coreRoutes, loadAreaRoutes } from './routes';

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
  try {
    const match = await findRoute(method, pathname);
    if (!match) throw new ApiError(404, `No /api route for ${method} ${pathname}`);
    return (await match.handler({ params: match.params, query: searchParams, body, headers })) as T;
  } catch (error) {
    throw toApiError(error);
  }
}

let allRoutes: Promise<RouteTable> | undefined;

/** A core route at once; any other after the areas' chunk has loaded (once; retried if it failed). */
async function findRoute(method: ApiMethod, pathname: string): Promise<RouteMatch | null> {
  const core = matchRoute(coreRoutes, method, pathname);
  if (core) return core;
  allRoutes ??= loadAreaRoutes().then(
    (areas) => ({ ...coreRoutes, ...areas }),
    (error: unknown) => {
      allRoutes = undefined;
      throw error;
    },
  );
  return matchRoute(await allRoutes, method, pathname);
}

/** TanStack Query's default queryFn: GET the path the key spells (see queryKeys). */
export const apiQueryFn: QueryFunction = ({ queryKey }) => apiRequest('GET', queryKeyToPath(queryKey));
