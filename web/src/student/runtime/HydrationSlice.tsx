import { type ReactNode, Suspense, createContext, useContext, useLayoutEffect, useState } from 'react';
import { nextTask } from './nextTask';
import { IdSourceContext, useStableId } from './useStableId';

let hydratingIsland = false;

/**
 * Runs `hydrate` with every <HydrationSlice> it meets put off to a task of its own (boot.ts). On
 * the 4× slower phone, Session Feedback's whole form was one task of 191–253 ms; sliced, the
 * browser can paint and take a tap between the parts.
 */
export function hydrateInSlices(hydrate: () => void): void {
  hydratingIsland = true;
  try {
    hydrate();
  } finally {
    hydratingIsland = false;
  }
}

/** Resolves in a later task, and opens the gate first, so the render it wakes draws the children. */
interface Gate {
  open: boolean;
  /** The render that draws the children hydrates them: a slice among them waits a task more. */
  hydrating: boolean;
  wait?: Promise<void>;
}

const SliceAbove = createContext<Gate | undefined>(undefined);

function Later({ children }: { children: ReactNode }) {
  const above = useContext(SliceAbove);
  const [gate] = useState<Gate>(() => {
    const hydrating = hydratingIsland || above?.hydrating === true;
    return { open: !hydrating, hydrating };
  });
  // Hydrated: a slice drawn inside it from now on (a new version of a form) is drawn at once.
  useLayoutEffect(() => {
    gate.hydrating = false;
  });
  if (!gate.open) {
    // Preact keeps a suspended part's HTML as it is while hydrating, and hydrates it when the
    // promise resolves (preact/compat's Suspense): until then, that part is the page's HTML.
    gate.wait ??= nextTask().then(() => {
      gate.open = true;
    });
    throw gate.wait;
  }
  return (
    <div style={{ display: 'contents' }}>
      <SliceAbove.Provider value={gate}>{children}</SliceAbove.Provider>
    </div>
  );
}

/**
 * A part of an island hydrated in its own task, after the rest of the island (docs/decisions/
 * first-paint.md, "A big island hydrates in slices"). It draws its children in one element with
 * `display: contents`, so layout is as without it. A slice inside a slice waits a task more. Anywhere
 * but an island's hydration (the build's render, a later render, the professor app, a test) it
 * draws them at once.
 *
 * Its children's ids come from a source of their own, named by the slice's own id: they are the
 * same in the HTML and in the hydration, whichever task draws them.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  const id = useStableId();
  const [ids] = useState(() => ({ prefix: `${id}-`, next: 0 }));
  return (
    <Suspense fallback={null}>
      <IdSourceContext.Provider value={ids}>
        <Later>{children}</Later>
      </IdSourceContext.Provider>
    </Suspense>
  );
}
