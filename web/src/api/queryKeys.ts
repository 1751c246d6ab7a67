/**
 * Query keys are the seed's /api paths, so its default query function (join the key with "/")
 * works unchanged and invalidating `['/api/courses']` also refreshes every key below it.
 * A trailing object holds the query string: `['/api/courses', { code }]` → `/api/courses?code=…`.
 */
export const queryKeys = {
  authUser: ['/api/auth/user'],
  courses: ['/api/courses'],
  courseSearch: (code: string) => ['/api/courses', { code }],
  course: (id: string) => ['/api/courses', id],
} as const;

type QueryValue = string | number | boolean | null | undefined;

export function queryKeyToPath(queryKey: readonly unknown[]): string {
  const [root, ...rest] = queryKey;
  if (typeof root !== 'string' || !root.startsWith('/api/')) {
    throw new Error(`Query key must start with an /api path: ${JSON.stringify(queryKey)}`);
  }
  const last = rest.at(-1);
  const hasQuery = isPlainObject(last);
  const query = hasQuery ? toSearch(last as Record<string, QueryValue>) : '';
  const segments = (hasQuery ? rest.slice(0, -1) : rest).map((part) => {
    if (typeof part !== 'string' && typeof part !== 'number') {
      throw new Error(`Query key parts after the path must be strings or numbers: ${JSON.stringify(queryKey)}`);
    }
    return encodeURIComponent(String(part));
  });
  return [root, ...segments].join('/') + query;
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toSearch(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
