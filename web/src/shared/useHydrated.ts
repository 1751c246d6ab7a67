import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False when the build prerenders a page (web/src/prerender.tsx), true in the browser: what only the
 * browser knows is left out of the prerendered HTML. React's external-store hook gives the server
 * its own answer; were a page ever hydrated, its first render would match the HTML too.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
