// The student pages' one script (docs/decisions/student-pages.md): the page is its HTML; this
// hydrates its islands with Preact, each with the props the build wrote beside it, in the page's
// language. It never starts the professor app.
import { type ComponentType, h, hydrate } from 'preact';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages';
import { loadStudentCatalog } from '../i18n/studentCatalogs';
import { setLanguage } from '../i18n/translate';
import { arrivedFromThisSite, focusIsLost } from '../shared/arrivedFromThisSite';
import { keepFocusOnBusyButtons } from '../shared/keepFocusOnBusyButtons';
import { keepPlaceholderLinksInPlace } from './ui/placeholderLink';
import { islandLoaders } from './islands.client';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, islandIdPrefix, islandName, topLevelIslands } from './runtime/islandMarks';
import { type IdSource, IdSourceContext } from './runtime/useStableId';
import { SKIP_TARGET_ID } from './shell/skipTarget';

type IslandModule = { default: ComponentType<Record<string, unknown>> };
// The context's provider as Preact's own component (the islands import it through preact/compat).
const IdProvider = IdSourceContext.Provider as unknown as ComponentType<{ value: IdSource }>;

const loaders = new Map(Object.entries(islandLoaders).map(([file, load]) => [islandName(file), load as () => Promise<IslandModule>]));

/** Lets the browser paint and take input between two islands: each hydration is a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  keepFocusOnBusyButtons();
  keepPlaceholderLinksInPlace();
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const islands = topLevelIslands(document).map((element) => {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
    const load = loaders.get(name);
    return { element, name, module: load ? load() : Promise.reject(new Error(`no island named ${name}`)) };
  });
  await loadStudentCatalog(language);
  setLanguage(language);
  for (const [index, { element, name, module }] of islands.entries()) {
    try {
      const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as Record<string, unknown>;
      const ids = { prefix: islandIdPrefix(index), next: 0 };
      hydrate(h(IdProvider, { value: ids }, h((await module).default, props)), element);
    } catch (error) {
      // The rest of the page stays as it is: its links work and its forms post themselves.
      console.error(`The island ${name} could not start`, error);
    }
    await nextTask();
  }
  // A link of this site led here: focus goes to the start of the content, as after a navigation inside an app.
  if (arrivedFromThisSite() && focusIsLost()) document.getElementById(SKIP_TARGET_ID)?.focus({ preventScroll: true });
}

void boot();
