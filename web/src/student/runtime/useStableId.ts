import { createContext, useContext, useState } from 'react';

/** Where an island's ids come from: its own prefix, and the next number (runtime/Island.tsx, boot.ts). */
export interface IdSource {
  prefix: string;
  next: number;
}

export const IdSourceContext = createContext<IdSource>({ prefix: 'id-', next: 0 });

/**
 * An id for a label, a description or an `aria-labelledby`, the same in an island's HTML and in the
 * render that hydrates it, and unique in the page. React's `useId` is neither here: Preact numbers
 * ids per root, and the build renders the page as one root where the browser hydrates each island
 * as its own. Within an island, components first render in the same order in both (the HTML's
 * order), so numbering them in that order gives each the same id, and each island has its prefix.
 */
export function useStableId(): string {
  const source = useContext(IdSourceContext);
  const [id] = useState(() => `${source.prefix}${source.next++}`);
  return id;
}
