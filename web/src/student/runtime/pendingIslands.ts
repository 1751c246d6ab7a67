// The islands hydrated on first use (runtime/Island.tsx) that nothing has used yet: boot.ts keeps
// a way to wake each here. A change of language wakes them all first (runtime/language.ts): the
// swap moves every island into the new language's markup, and only a live one draws itself again
// in that language.
const waiting = new Set<() => void>();

/** Keeps `wake` until it is called or the returned function forgets it. */
export function waitForUse(wake: () => void): () => void {
  waiting.add(wake);
  return () => void waiting.delete(wake);
}

/** Hydrates every island still waiting for its first use, now. */
export function wakeAllIslands(): void {
  for (const wake of [...waiting]) wake();
}
