/** The attributes the build writes around an island: its name, and its props as JSON. */
export const ISLAND_ATTRIBUTE = 'data-island';
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';

/** Islands are the default exports of `*.island.tsx` files; an island's name is its file's path under web/src/student/. */
export const islandName = (file: string) => file.replace(/^\.\//, '').replace(/\.island\.tsx$/, '');

/** The islands of `root` that are not inside another (an island hydrates what it holds). */
export function topLevelIslands(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].filter(
    (island) => !island.parentElement?.closest(`[${ISLAND_ATTRIBUTE}]`),
  );
}

/** The prefix of the ids in the page's `index`th island (runtime/useStableId.ts). */
export const islandIdPrefix = (index: number) => `i${index}-`;
