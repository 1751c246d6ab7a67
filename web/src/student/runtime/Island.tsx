import { type ComponentType, createContext, useContext } from 'react';
import { ISLAND_ATTRIBUTE, ISLAND_ON_USE_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, islandIdPrefix } from './islandMarks';
import { IdSourceContext } from './useStableId';

type AnyComponent = ComponentType<never>;

let names: Map<AnyComponent, string> | undefined;
let rendered: Set<string> | undefined;
let renderedAtLoad: Set<string> | undefined;
/** The islands drawn so far in this page's render, in the page's order (their ids' prefixes). */
let count = 0;

/**
 * Given by the build's renderer (render/server.tsx): which component is which island, a set it
 * adds each drawn island's name to, and one for those that hydrate as the page loads (no `onFirstUse`).
 */
export function renderIslandsWith(islandNames: Map<AnyComponent, string>, used: Set<string>, usedAtLoad?: Set<string>): void {
  names = islandNames;
  rendered = used;
  renderedAtLoad = usedAtLoad;
  count = 0;
}

/** Inside an island everything is hydrated with it: an island there is its component alone, as in the browser. */
const InsideIsland = createContext(false);

/**
 * A part of a student page that the browser hydrates (docs/decisions/student-pages.md, "Islands"):
 * the build writes it with its name and props around it, and web/src/student/boot.ts hydrates it
 * there with Preact; the rest of the page stays the HTML it was rendered as. Anywhere else (the
 * professor app, a component test, inside another island) it is the component itself. Props cross
 * as JSON: strings, numbers, booleans, null, plain objects and arrays.
 *
 * `onFirstUse`: the island hydrates at the first tap, focus or key inside it, not as the page loads,
 * or at once whenever <html> matches `orWhenPageMatches` (a selector). For an island that does
 * nothing until used, so a phone does not pay for it while the page loads.
 */
export function Island<P extends object>({
  of: Component,
  props,
  onFirstUse,
}: {
  of: ComponentType<P>;
  props: P;
  onFirstUse?: { orWhenPageMatches?: string };
}) {
  const inside = useContext(InsideIsland);
  const name = inside ? undefined : names?.get(Component as AnyComponent);
  if (!name) return <Component {...props} />;
  rendered?.add(name);
  if (!onFirstUse) renderedAtLoad?.add(name);
  return (
    <div
      {...{
        [ISLAND_ATTRIBUTE]: name,
        [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props),
        ...(onFirstUse ? { [ISLAND_ON_USE_ATTRIBUTE]: onFirstUse.orWhenPageMatches ?? '' } : {}),
      }}
      style={{ display: 'contents' }}
    >
      <InsideIsland.Provider value={true}>
        <IdSourceContext.Provider value={{ prefix: islandIdPrefix(count++), next: 0 }}>
          <Component {...props} />
        </IdSourceContext.Provider>
      </InsideIsland.Provider>
    </div>
  );
}
