import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React takes over a prerendered page (and when the build renders it), true once the
 * app runs. Read through React's external-store hook, so the first client render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
