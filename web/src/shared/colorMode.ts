import { useSyncExternalStore } from 'react';
import { getChoice, subscribe, type ThemeChoice } from './themeChoice';

export { THEME_CHOICES, type ThemeChoice, chooseTheme } from './themeChoice';

/** The stored choice, re-rendering when it changes; "system" before the browser is known (prerendering). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, getChoice, () => 'system');
}
