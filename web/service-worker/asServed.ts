/// <reference lib="webworker" />
// Student pages as the host served them, one copy for each address the device opened
// (docs/decisions/service-worker.md, "Pages as the host served them"). A page the host writes into
// for each request (nginx's SSI: a course's first screen, Session Feedback's notes) is, as built,
// without what the host wrote: answered from the precache, its first screen waited for the page's
// code and reads. Its copy as served has them at the first paint; the page's script then replaces
// what has changed since, as it does on any host.
import type { StudentPage } from '../src/student/page.ts';

const PREFIX = 'classpulse-as-served-';

/**
 * The cache of this build's copies, named after the precache list the worker was built with: a
 * copy names its build's code (hashed files), which the next deploy's worker no longer keeps.
 */
export function copiesCacheName(precacheList: unknown): string {
  const text = JSON.stringify(precacheList);
  let hash = 5381;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(hash, 33) ^ text.charCodeAt(index)) >>> 0;
  return `${PREFIX}${hash.toString(36)}`;
}

/** Another build's copies: dropped once this build's worker is active. */
export const isOtherBuildsCopies = (name: string, current: string): boolean => name.startsWith(PREFIX) && name !== current;

/** A page worth keeping: the host's page itself, answered in full (no error, no redirect). */
export function worthKeeping(response: Response): boolean {
  return response.status === 200 && !response.redirected && (response.headers.get('content-type') ?? '').startsWith('text/html');
}

/**
 * A copy answers only on the day the host served it, on the device's calendar: a class day ends
 * at midnight, and yesterday's copy would show yesterday's notes and form link.
 */
export function servedToday(copy: Response, now: Date): boolean {
  const served = new Date(copy.headers.get('date') ?? Number.NaN);
  return served.getFullYear() === now.getFullYear() && served.getMonth() === now.getMonth() && served.getDate() === now.getDate();
}

/** The address a copy is kept under: the fragment (a private link's token) never reaches the host. */
export function addressOf(url: string): string {
  const address = new URL(url);
  address.hash = '';
  return address.href;
}

export interface AsServedPage {
  file: string;
  /** Matched against an address's path and query, as Workbox's navigation routes match. */
  addresses: RegExp;
}

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pages kept as served, among those this build's precache holds. */
export function asServedPages(pages: readonly StudentPage[], precached: (file: string) => boolean): AsServedPage[] {
  return pages
    .filter((page) => page.keptAsServed && precached(page.file))
    .map((page) => ({ file: page.file, addresses: page.addresses ?? new RegExp(`^${escapeForPattern(page.path)}(\\?|$)`) }));
}

/** The kept page an address is one of, if any. */
export function asServedPageOf(url: string, pages: readonly AsServedPage[]): AsServedPage | undefined {
  const { pathname, search } = new URL(url);
  return pages.find((page) => page.addresses.test(pathname + search));
}

/**
 * Asks the host for the address's page and keeps it in place of the last copy, then drops the
 * copies of other days. Nothing of the student's goes with it (no cookie); offline, or on the
 * host's error, the last copy stays.
 */
export async function keepAsServed(copies: Cache, address: string, now: () => Date): Promise<void> {
  let response: Response;
  try {
    response = await fetch(address, { cache: 'no-store', credentials: 'omit' });
  } catch {
    return;
  }
  if (!worthKeeping(response)) return;
  await copies.put(address, response);
  for (const request of await copies.keys()) {
    const copy = await copies.match(request);
    if (copy && !servedToday(copy, now())) await copies.delete(request);
  }
}
