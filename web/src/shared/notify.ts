import type { toaster } from './ui/toaster';

type ToastOptions = Parameters<typeof toaster.create>[0];

/**
 * `toaster.create` without putting the toast store (~2 KB gzip) in a student page's first load:
 * a toast only ever follows an interaction or a response, by which time the chunk is cheap.
 */
export function notify(options: ToastOptions): void {
  void import('./ui/toaster').then(({ toaster }) => toaster.create(options));
}
