import { type QueryClient, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- matches any fetcher's signature
type Fetcher = (...args: any[]) => Promise<unknown>;

/** What a fetcher resolves to. */
export type FetcherResult<F extends Fetcher> = Awaited<ReturnType<F>>;

/** Options a screen may add to an endpoint's mutation hook (its own toasts, navigation). */
export type MutationConfig<F extends Fetcher> = Omit<UseMutationOptions<FetcherResult<F>, Error, Parameters<F>[0]>, 'mutationFn'>;

/**
 * The mutation hook of one endpoint: `afterSuccess` updates the cache (invalidations, cache
 * writes) first; the screen's own `onSuccess` runs after it. When `afterSuccess` returns a promise,
 * `mutateAsync` resolves only once it has settled, so a toast never announces a change the lists
 * do not show yet.
 */
export function useEndpointMutation<F extends Fetcher>(
  fetcher: F,
  mutationConfig: MutationConfig<F> | undefined,
  afterSuccess: (queryClient: QueryClient, data: FetcherResult<F>, variables: Parameters<F>[0]) => unknown,
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation<FetcherResult<F>, Error, Parameters<F>[0]>({
    ...config,
    mutationFn: (variables) => fetcher(variables) as Promise<FetcherResult<F>>,
    onSuccess: async (...args) => {
      await afterSuccess(queryClient, args[0], args[1]);
      return onSuccess?.(...args);
    },
  });
}
