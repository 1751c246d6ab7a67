import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose code (zod and the shared schemas, ~27 KB gzip) downloads after
 * the page is usable: `preloadWhenIdle()` on mount (once the browser has nothing more urgent to do,
 * so it never lengthens the page's start-up), and the first validation awaits it if it is not there yet.
 */
export function lazyResolver<Input extends FieldValues, Output>(load: () => Promise<Resolver<Input, unknown, Output>>) {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed download (offline) may succeed on the next try
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => (await preload())(values, context, options);
  /** Preloads when the browser is idle (or after a second where it cannot tell); returns a cancel. */
  const preloadWhenIdle = () => {
    const run = () => void preload().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(run, 1000);
    return () => clearTimeout(id);
  };
  return { resolver, preload, preloadWhenIdle };
}
