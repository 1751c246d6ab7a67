import { createToaster } from '@chakra-ui/react';

/**
 * The app's one toaster: `toaster.create({ type: 'error' | 'success', title, description })`.
 * One toast visible at a time (new ones queue), 5 s each, F8 moves focus to the region.
 * Its view (`Toaster.tsx`) loads after the first paint; toasts created earlier wait in this store.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});
