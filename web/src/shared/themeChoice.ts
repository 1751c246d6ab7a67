import { THEME_STORAGE_KEY } from '../i18n/languages';

// Without React: the light student pages (web/src/student/) use it as it is.

/** What the visitor chose; "system" follows the device's light or dark setting as it changes. */
export type ThemeChoice = 'light' | 'dark' | 'system';

export const THEME_CHOICES: ThemeChoice[] = ['system', 'light', 'dark'];

const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Puts Chakra's `dark` or `light` class and the matching `color-scheme` on <html>. The inline script
 * in index.html does the same before first paint; this keeps it right afterwards.
 */
function apply(choice: ThemeChoice) {
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia(DARK_QUERY).matches);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

const listeners = new Set<() => void>();
let choice: ThemeChoice | undefined;

export function subscribe(listener: () => void) {
  if (listeners.size === 0) window.matchMedia(DARK_QUERY).addEventListener('change', onSystemChange);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.matchMedia(DARK_QUERY).removeEventListener('change', onSystemChange);
  };
}

function onSystemChange() {
  if (getChoice() === 'system') apply('system');
}

export const getChoice = () => (choice ??= storedChoice());

export function chooseTheme(next: ThemeChoice) {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Storage refused: the choice holds for this visit only.
  }
  apply(next);
  listeners.forEach((listener) => listener());
}
