import { LANGUAGE_STORAGE_KEY, type Language } from '../../i18n/languages';
import { loadStudentCatalog } from '../../i18n/studentCatalogs';
import { setLanguage } from '../../i18n/translate';
import { LANGUAGE_SWAP_GLOBAL } from '../render/document';
import { slicesHydrated } from './HydrationSlice';
import { wakeAllIslands } from './pendingIslands';

type Swap = (language: Language, moveIslands: boolean) => boolean;

/**
 * A visitor's choice of language on a student page: remembered on this browser, then the page's
 * markup in that language (it is all in the page: render/language.inline.ts), the islands moved
 * into it alive, and then drawn again in it. No request but, once, the language's catalog.
 */
export async function chooseStudentLanguage(language: Language, chosenWith?: HTMLElement): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage full: the choice holds for this visit only.
  }
  await loadStudentCatalog(language);
  // Every island live before the swap moves them: one not yet used would keep the old language's words.
  wakeAllIslands();
  // A part of an island woken here (a form hydrated on first use) hydrates in the tasks that follow.
  await slicesHydrated();
  const swap = (window as unknown as Record<string, Swap | undefined>)[LANGUAGE_SWAP_GLOBAL];
  swap?.(language, true);
  document.documentElement.lang = language;
  setLanguage(language);
  // The select it was chosen with keeps focus: a keyboard user goes on from there.
  const active = document.activeElement;
  if (chosenWith?.isConnected && (active === null || active === document.body)) chosenWith.focus({ preventScroll: true });
}
