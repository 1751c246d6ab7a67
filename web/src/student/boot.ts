// The student pages' one script (docs/decisions/student-pages.md): the page is its HTML; this
// hydrates its islands with Preact, each with the props the build wrote beside it, in the page's
// language. The page's loader (render/loader.inline.ts) starts it, as the page loads or at its
// first use. It never starts the professor app.
import { type ComponentType, h, hydrate } from 'preact';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages';
import { loadStudentCatalog } from '../i18n/studentCatalogs';
import { setLanguage } from '../i18n/translate';
import { keepFocusOnBusyButtons } from '../shared/keepFocusOnBusyButtons';
import { islandLoaders } from './islands.client';
import { hydrateOnFirstUse } from './runtime/firstUse';
import { hydrateInSlices } from './runtime/HydrationSlice';
import { nextTask } from './runtime/nextTask';
import { islandIsLive, usedBeforeBoot } from './runtime/pageLoader';
import {
  ISLAND_ATTRIBUTE,
  ISLAND_ON_USE_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  islandIdPrefix,
  islandMeasure,
  islandName,
  topLevelIslands,
} from './runtime/islandMarks';
import { type IdSource, IdSourceContext } from './runtime/useStableId';

type IslandModule = { default: ComponentType<Record<string, unknown>> };
// The context's provider as Preact's own component (the islands import it through preact/compat).
const IdProvider = IdSourceContext.Provider as unknown as ComponentType<{ value: IdSource }>;

const loaders = new Map(Object.entries(islandLoaders).map(([file, load]) => [islandName(file), load as () => Promise<IslandModule>]));

interface PageIsland {
  element: HTMLElement;
  name: string;
  module: Promise<IslandModule>;
  /** Its place among the page's islands: the prefix of its ids, as the build numbered them. */
  index: number;
}

/** How long an island's hydration took, for the bench's long tasks on the phone (bench/long-tasks.ts). */
function measureSince(name: string, start: number): void {
  try {
    performance.measure(name, { start });
  } catch {
    // A browser without User Timing's options (before 2021): no figure, nothing else lost.
  }
}

/** The rest of the page stays as it is: its links work and its forms post themselves. */
const couldNotStart = (name: string, error: unknown) => console.error(`The island ${name} could not start`, error);

function hydrateIsland({ element, name, index }: PageIsland, module: IslandModule): void {
  try {
    const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as Record<string, unknown>;
    const ids = { prefix: islandIdPrefix(index), next: 0 };
    const start = performance.now();
    hydrateInSlices(() => hydrate(h(IdProvider, { value: ids }, h(module.default, props)), element));
    measureSince(islandMeasure(name), start);
  } catch (error) {
    couldNotStart(name, error);
  }
}

async function boot() {
  keepFocusOnBusyButtons();
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const islands: PageIsland[] = topLevelIslands(document).map((element, index) => {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
    const load = loaders.get(name);
    return { element, name, index, module: load ? load() : Promise.reject(new Error(`no island named ${name}`)) };
  });
  const catalog = loadStudentCatalog(language).then(() => setLanguage(language));
  // Islands hydrated on first use listen as soon as their code and the page's words are here; one
  // used before then (the use that made the loader start this script) hydrates at once.
  for (const island of islands) {
    const whenPageMatches = island.element.getAttribute(ISLAND_ON_USE_ATTRIBUTE);
    if (whenPageMatches === null) continue;
    Promise.all([island.module, catalog]).then(
      ([module]) => {
        const hydrate = () => hydrateIsland(island, module);
        if (usedBeforeBoot(island.element)) hydrate();
        else hydrateOnFirstUse(island.element, whenPageMatches, hydrate);
        islandIsLive(island.element);
      },
      (error: unknown) => couldNotStart(island.name, error),
    );
  }
  await catalog;
  for (const island of islands) {
    if (island.element.hasAttribute(ISLAND_ON_USE_ATTRIBUTE)) continue;
    const module = await island.module.catch((error: unknown) => couldNotStart(island.name, error));
    if (module) {
      hydrateIsland(island, module);
      islandIsLive(island.element);
    }
    // Each hydration is a task of its own: the browser can paint and take input between two islands.
    await nextTask();
  }
}

void boot();
