/** The attributes the build writes around an island: its name, and its props as JSON. */
export const ISLAND_ATTRIBUTE = 'data-island';
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
/**
 * An island hydrated on first use (a tap, a focus or a key inside it) rather than as the page
 * loads; its value is a selector: when <html> matches it, the island hydrates at once (boot.ts).
 */
export const ISLAND_ON_USE_ATTRIBUTE = 'data-island-on-use';
/**
 * A control of an island hydrated on first use, disabled in the HTML until a script can take a tap
 * on it: the page's loader (render/loader.inline.ts) enables it as it starts listening, and keeps a
 * tap on it until the island has hydrated; boot.ts enables it too.
 */
export const ENABLED_ON_LISTEN_ATTRIBUTE = 'data-enabled-on-listen';
/**
 * A submit button of an island hydrated on first use that waits for its form to be filled in: enabled
 * in the HTML, so that the form posts without a script, and kept disabled by the page's loader while
 * the form's text fields are blank, until the island runs and says so itself.
 */
export const DISABLED_WHILE_BLANK_ATTRIBUTE = 'data-disabled-while-blank';

/** Islands are the default exports of `*.island.tsx` files; an island's name is its file's path under web/src/student/. */
export const islandName = (file: string) => file.replace(/^\.\//, '').replace(/\.island\.tsx$/, '');

/** The name of the performance measure boot.ts leaves for each island's hydration ("island shell/SiteHeader"): the bench reads them. */
export const islandMeasure = (name: string) => `island ${name}`;

/** The islands of `root` that are not inside another (an island hydrates what it holds). */
export function topLevelIslands(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].filter(
    (island) => !island.parentElement?.closest(`[${ISLAND_ATTRIBUTE}]`),
  );
}

/** The prefix of the ids in the page's `index`th island (runtime/useStableId.ts). */
export const islandIdPrefix = (index: number) => `i${index}-`;

/** Set on an island once boot.ts takes its events itself (hydrated, or listening for its first use). */
export const ISLAND_LIVE_ATTRIBUTE = 'data-island-live';

/** Where the page's loader leaves what it saw before boot.ts ran (render/loader.inline.ts). */
export const LOADER_GLOBAL = '__classpulseLoader';

export interface PageLoader {
  /** Islands the student used (a tap, a focus, a key or a change inside) before boot.ts took their events. */
  used: Set<Element>;
  /** Buttons of those islands tapped meanwhile, in order: boot.ts taps them again once their island has hydrated. */
  taps: Element[];
}
