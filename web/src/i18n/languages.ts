/** The languages ClassPulse speaks. English is the source text; every other language is a catalog in locales/. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'en';

/** localStorage keys of the two settings; every page's first inline script reads them before first paint (web/src/student/render/settings.inline.ts). */
export const LANGUAGE_STORAGE_KEY = 'classpulse.language';
export const THEME_STORAGE_KEY = 'classpulse.theme';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}
