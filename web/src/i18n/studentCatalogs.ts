import { DEFAULT_LANGUAGE, type Language } from './languages';
import { addCatalog, hasCatalog } from './translate';

const loaders: Partial<Record<Language, () => Promise<{ default: Record<string, string> }>>> = {
  es: () => import('../locales/es/student-side'),
};

/** Loads (once) what a student page's islands may say in `language`. */
export async function loadStudentCatalog(language: Language): Promise<void> {
  const load = loaders[language];
  if (language === DEFAULT_LANGUAGE || hasCatalog(language) || !load) return;
  addCatalog(language, (await load()).default);
}
