import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language, isLanguage } from './languages';
import { addCatalog, hasCatalog, setLanguage } from './translate';

/**
 * English texts are their own keys: English needs no catalog (the code is the English edition) and
 * a language loads only its own catalog, when chosen. A text missing from a catalog shows in English;
 * catalog.test.ts keeps that from happening.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  resources: {},
  keySeparator: false,
  nsSeparator: false,
  initAsync: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

const catalogs: Record<Exclude<Language, 'en'>, () => Promise<Record<string, string>>> = {
  es: () => import('../locales/es').then((module) => module.default),
};

/** The language every page's first inline script chose before first paint (stored choice, else the browser's): web/src/student/render/settings.inline.ts. */
export function initialLanguage(): Language {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Loads the language's catalog (once) and switches every `t` to it. */
export async function applyLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const catalog = await catalogs[language]();
    i18n.addResourceBundle(language, 'translation', catalog);
    addCatalog(language, catalog);
  }
  await i18n.changeLanguage(language);
  // What the app shares with the student pages (their header, shared helpers) translates with translate.ts.
  if (hasCatalog(language)) setLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The visitor's choice: applied now and remembered on this browser. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage full: the choice holds for this visit only.
  }
  await applyLanguage(language);
}

export { currentLanguage } from './translate';
