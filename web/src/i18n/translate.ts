import { DEFAULT_LANGUAGE, type Language } from './languages';

/**
 * The translator every side shares, with no library: English texts are their own keys, so English
 * needs no catalog, and another language's catalog is a flat map from the English text to its own.
 * `{{name}}` places a value, as i18next does (the professor app's i18next keeps this in step:
 * i18n.ts). A student page loads only this and, in another language, that language's student
 * catalog (docs/decisions/i18n.md).
 */
export type Catalog = Record<string, string>;
export type Values = Record<string, string | number>;

let current: Language = DEFAULT_LANGUAGE;
const catalogs: Partial<Record<Language, Catalog>> = {};
const listeners = new Set<() => void>();

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** `text` in the current language, its `{{name}}`s replaced by `values`. A text missing from the catalog shows in English. */
export function translate(text: string, values?: Values, language: Language = current): string {
  const translated = (language === DEFAULT_LANGUAGE ? undefined : catalogs[language]?.[text]) || text;
  if (!values) return translated;
  return translated.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function currentLanguage(): Language {
  return current;
}

export function hasCatalog(language: Language): boolean {
  return language === DEFAULT_LANGUAGE || catalogs[language] !== undefined;
}

/** Adds to a language's catalog (a side loads what it shows: the student side less than the app). */
export function addCatalog(language: Language, catalog: Catalog): void {
  catalogs[language] = { ...catalogs[language], ...catalog };
}

/** Switches every translation to `language`, whose catalog must already be added; listeners hear of it. */
export function setLanguage(language: Language): void {
  if (language === current) return;
  current = language;
  listeners.forEach((listener) => listener());
}

export function subscribeToLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
