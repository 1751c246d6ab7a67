import { useEffect, useState } from 'react';

export interface Address {
  pathname: string;
  /** The query's parameters. */
  params: URLSearchParams;
  /** The address's id when the page answers a family of addresses (`/courses/{id}`): its first group. */
  id: string | undefined;
}

/** The page's address as the browser has it, its id read with `addresses` (the page's pattern: pages.ts). */
export function readAddress(addresses?: RegExp): Address {
  const { pathname, search } = window.location;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const id = addresses?.exec(path)?.[1];
  return { pathname, params: new URLSearchParams(search), id: id === undefined ? undefined : decoded(id) };
}

/**
 * The address, once the island runs: undefined in the HTML (made for every address) and in the
 * render that hydrates it, so what depends on the address comes after (runtime/useMounted.ts).
 */
export function useAddress(addresses?: RegExp): Address | undefined {
  const [address, setAddress] = useState<Address>();
  useEffect(() => {
    setAddress(readAddress(addresses));
    // The pattern is the page's constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return address;
}

/** An address's part as typed; a malformed `%` escape (a mistyped link) stays as it is, and opens nothing. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
