/**
 * Reads a page's inline script sent before its code had loaded (a student page's first reads:
 * web/src/student/render/firstReads.ts), by URL: the façade's first request for one of them takes
 * that answer instead of asking again, once, so each read is still sent once.
 */
export const PREFETCHED_GLOBAL = '__classpulsePrefetched';

type Prefetched = Map<string, Promise<Response>>;

const prefetched = () => (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL] as Prefetched | undefined;

/** The answer to a read the page already sent, left for whoever takes it. */
export function prefetchedAnswer(url: string): Promise<Response> | undefined {
  return prefetched()?.get(url);
}

function take(url: string): Promise<Response> | undefined {
  const answer = prefetchedAnswer(url);
  prefetched()?.delete(url);
  return answer;
}

/**
 * `fetchImpl`, except that a GET the page already sent gets that answer, a failure included: as
 * with any first read (lib/firstPageQuery.ts), the page shows it with its "Try again" rather than
 * sending it again on its own.
 */
export function withPrefetched(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
    return (url !== undefined && (init?.method ?? 'GET') === 'GET' && take(url)) || fetchImpl(input, init);
  };
}
