export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest {
  /** Values of the pattern's `:name` segments, URI-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export type RouteHandler = (request: ApiRequest) => Promise<unknown>;

/** `'GET /api/courses/:id'` → handler. Adding an /api route is adding one entry. */
export type RouteTable = Partial<Record<`${ApiMethod} /api/${string}`, RouteHandler>>;

export interface RouteMatch {
  handler: RouteHandler;
  params: Record<string, string>;
}

/** The entry for `method path`; literal segments win over `:params` (`/merge` before `/:id`). */
export function matchRoute(table: RouteTable, method: ApiMethod, path: string): RouteMatch | null {
  const pathSegments = path.split('/');
  let best: (RouteMatch & { literals: number }) | null = null;
  for (const [key, handler] of Object.entries(table)) {
    const [entryMethod, pattern = ''] = key.split(' ');
    if (entryMethod !== method || !handler) continue;
    const match = matchPattern(pattern.split('/'), pathSegments);
    if (match && (!best || match.literals > best.literals)) best = { handler, ...match };
  }
  return best && { handler: best.handler, params: best.params };
}

function matchPattern(patternSegments: string[], pathSegments: string[]) {
  if (patternSegments.length !== pathSegments.length) return null;
  const params: Record<string, string> = {};
  let literals = 0;
  for (const [index, patternSegment] of patternSegments.entries()) {
    const segment = pathSegments[index] ?? '';
    if (patternSegment.startsWith(':')) {
      if (!segment) return null;
      params[patternSegment.slice(1)] = decodeURIComponent(segment);
    } else if (patternSegment === segment) {
      literals += 1;
    } else {
      return null;
    }
  }
  return { params, literals };
}
