/**
 * The forms' validation code (zod and the shared schemas, ~27 KB gzip), never in a page's first
 * load: it is fetched when a field of a form first has focus, and a submit waits for it. A failed
 * download (offline) may succeed on the next try.
 */
let loading: Promise<typeof import('./schemas')> | undefined;

export function loadValidation(): Promise<typeof import('./schemas')> {
  loading ??= import('./schemas').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
