import { type ReactNode, Suspense, createContext, useContext, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { onFirstUseOf } from './firstUse';
import { nextTask } from './nextTask';
import { IdSourceContext, useStableId } from './useStableId';

let hydratingIsland = false;

/** The slices still kept as HTML that something will wake: a change of language waits for them (slicesHydrated). */
const waitingSlices = new Set<Promise<void>>();

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

function Later({ children, until }: { children: ReactNode; until?: Promise<void> }) {
  const above = useContext(SliceAbove);
  const [gate] = useState<Gate>(() => {
    const hydrating = hydratingIsland || above?.hydrating === true;
    return { open: !hydrating, hydrating };
  });
  // What the island drew the slice with in the render the HTML was made from: the hydration draws
  // that, whatever the island has learnt since (a check question, text brought back), since a
  // hydration only adopts the HTML's elements and sets no attribute; the render after it draws now's.
  const [first] = useState(() => children);
  const [, catchUp] = useReducer((renders: number) => renders + 1, 0);
  const drawn = gate.hydrating ? first : children;
  // Hydrated: a slice drawn inside it from now on (a new version of a form) is drawn at once.
  useLayoutEffect(() => {
    gate.hydrating = false;
  });
  useLayoutEffect(() => {
    if (drawn !== children) catchUp();
  }, [drawn, children]);
  if (!gate.open) {
    // Preact keeps a suspended part's HTML as it is while hydrating, and hydrates it when the
    // promise resolves (preact/compat's Suspense): until then, that part is the page's HTML.
    if (!gate.wait) {
      const wait = (until ?? nextTask()).then(() => {
        gate.open = true;
        waitingSlices.delete(wait);
      });
      gate.wait = wait;
      waitingSlices.add(wait);
    }
    throw gate.wait;
  }
  return (
    <div style={{ display: 'contents' }}>
      <SliceAbove.Provider value={gate}>{drawn}</SliceAbove.Provider>
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
 *
 * `onFirstUse`: during the island's hydration the slice waits, as HTML, for its first use (a tap,
 * focus, key or change inside it: runtime/firstUse.ts), or for `now`, which the island sets when
 * what it found needs the part live at once. The form a student has not touched yet costs the page
 * nothing as it loads (docs/decisions/first-paint.md, "A form hydrated on first use"). The slice is
 * then one more element, also with `display: contents`, which it listens on.
 */
export function HydrationSlice({ children, onFirstUse }: { children: ReactNode; onFirstUse?: { now: boolean } }) {
  const id = useStableId();
  const [ids] = useState(() => ({ prefix: `${id}-`, next: 0 }));
  const [use] = useState(() => (onFirstUse ? usedSignal() : undefined));
  const slice = (
    <Suspense fallback={null}>
      <IdSourceContext.Provider value={ids}>
        <Later until={use?.used}>{children}</Later>
      </IdSourceContext.Provider>
    </Suspense>
  );
  return use ? (
    <UsedWithin use={use} now={onFirstUse?.now === true}>
      {slice}
    </UsedWithin>
  ) : (
    slice
  );
}

interface UsedSignal {
  used: Promise<void>;
  wake: () => void;
}

function usedSignal(): UsedSignal {
  let wake = () => {};
  const used = new Promise<void>((resolve) => {
    wake = resolve;
  });
  return { used, wake };
}

/**
 * The element a slice hydrated on first use listens on: it is hydrated with the rest of the
 * island, while the slice inside it is still the page's HTML.
 */
function UsedWithin({ use, now, children }: { use: UsedSignal; now: boolean; children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const stop = element.current ? onFirstUseOf(element.current, use.wake) : undefined;
    return () => {
      stop?.();
      // Gone unused (the page drew something else in its place): nothing is left waiting for it.
      use.wake();
    };
  }, [use]);
  useLayoutEffect(() => {
    if (now) use.wake();
  }, [now, use]);
  return (
    <div ref={element} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

/**
 * Resolves once no slice is kept as HTML any more, a task at a time: a change of language wakes
 * every part hydrated on first use, then waits for this before it moves the islands, so that no
 * part is left with the old language's words (runtime/language.ts). After 20 tasks it resolves
 * anyway: a slice that could never wake does not hold up the change.
 */
export async function slicesHydrated(): Promise<void> {
  for (let tasks = 0; waitingSlices.size > 0 && tasks < 20; tasks++) await nextTask();
}
