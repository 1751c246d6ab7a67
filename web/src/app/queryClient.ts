import { QueryClient } from '@tanstack/react-query';

/**
 * The cache rules: data never goes stale on its own, no refetch on focus, no polling, no retries;
 * what a change affects is invalidated by the mutation that made it. Every query brings its own
 * fetcher (its endpoint module's queryOptions), so there is no default query function.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
