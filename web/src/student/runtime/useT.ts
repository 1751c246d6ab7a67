import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '../../i18n/languages';
import { type Values, currentLanguage, subscribeToLanguage, translate } from '../../i18n/translate';

/** The page's language and its translator; a component using it draws again when the language changes. */
export function useT(): { t: (text: string, values?: Values) => string; language: Language } {
  const language = useSyncExternalStore(subscribeToLanguage, currentLanguage, currentLanguage);
  const t = useCallback((text: string, values?: Values) => translate(text, values, language), [language]);
  return { t, language };
}
