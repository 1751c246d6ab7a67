/**
 * A page's first reads: the reads its islands make as they start, sent by an inline script in
 * <head> as the page loads, so they do not wait for the code. The answers wait under the very URLs
 * the façade asks for (lib/prefetched.ts), and the islands' own calls take them: each read is still
 * sent once, and a failure shows as the page's own ("Try again"), as any read's does.
 *
 * Declaring a page's first reads (a page answering a family of addresses: its id is the first
 * group of its `addresses` in pages.ts):
 *
 *   // pages/course/course.firstReads.ts
 *   export default defineFirstReads({
 *     id: UUID, // lib/ids.ts
 *     standIn: '00000000-0000-4000-8000-00000000c0de',
 *     reads: [getCourse, getCourseNotes],
 *   });
 *
 *   // pages.ts, the page's entry
 *   firstReads: 'pages/course/course.firstReads.ts',
 *
 * A page whose id is in its query (`/class-session?courseId=…`) names the parameter instead:
 * `param: 'courseId'`.
 *
 * - `reads`: façade functions of the id, which the page's islands call with the address's id
 *   (`useRead(key, () => getCourse(id))`): the same call asks for the same URL.
 * - `id`: what an id must look like to be asked about; any other address sends nothing (the façade
 *   would not ask either). Only characters a URL keeps as they are: the id goes into the URLs as it is.
 * - `standIn`: an id that matches; the build calls each read with it and records what it sends.
 * - `afterFirstPaint`: sent right after the page's first paint, not before it, on a page whose
 *   HTML is what a student sees first and the reads only add to it (Session Feedback's form): the
 *   paint then waits for nothing the reads bring (docs/decisions/first-paint.md).
 *
 * The build (render/firstReadsScript.ts) refuses a read that is not one plain anonymous GET: the
 * anonymous key alone, which the script sends as `?apikey=` so the browser needs no CORS preflight.
 * A visitor with a session cookie (a professor) gets no first reads: their reads are their own.
 */
import { authStorageKey } from '../../lib/sessionCookie.ts';
import { PREFETCHED_GLOBAL } from '../../lib/prefetched.ts';

export interface FirstReads {
  /** The query parameter that holds the id (`courseId` of `?courseId=…`), for a page whose path holds none. */
  param?: string;
  id: RegExp;
  standIn: string;
  reads: readonly ((id: string) => Promise<unknown>)[];
  afterFirstPaint?: boolean;
}

export const defineFirstReads = (firstReads: FirstReads): FirstReads => firstReads;

/** A pattern as JSON carries it. */
export interface Pattern {
  source: string;
  flags: string;
}

/** What the inline script (render/firstReads.inline.ts) is told. */
export interface FirstReadsSetup {
  /** The page's addresses, the id in the first group; or, for a page whose id is in its query: */
  addresses?: Pattern;
  /** the query parameter that holds it. */
  param?: string;
  id: Pattern;
  /** Stands for the id in `urls`. */
  standIn: string;
  /** The reads' URLs as the façade asks for them, for the stand-in. */
  urls: string[];
  apikey: string;
  /** A cookie of this name (or `<name>.0`, …) means a professor may be signed in (lib/sessionCookie.ts). */
  sessionCookie: string;
  /** Where the answers wait (lib/prefetched.ts). */
  global: string;
  /** Sent in a task queued from the first frame (after its paint), not as the script runs. */
  afterFirstPaint: boolean;
}

const patternOf = ({ source, flags }: RegExp): Pattern => ({ source, flags });

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** What one call sends, from a fetch that answers every request with an empty list. */
async function recorded(read: (id: string) => Promise<unknown>, id: string): Promise<Sent[]> {
  const sent: Sent[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    sent.push({
      url: String(request ? request.url : input),
      method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
      headers: Object.fromEntries([...new Headers(init?.headers ?? request?.headers)].map(([name, value]) => [name.toLowerCase(), value])),
      body: init?.body ?? request?.body ?? null,
    });
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  try {
    await read(id).catch(() => undefined);
  } finally {
    globalThis.fetch = realFetch;
  }
  return sent;
}

/**
 * The URLs of a page's first reads, from the façade itself: each read called for the stand-in id.
 * Throws unless each sends one plain anonymous GET naming the id, so the inline script's requests
 * stay the façade's.
 */
export async function firstReadsSetup(path: string, addresses: RegExp | undefined, firstReads: FirstReads): Promise<FirstReadsSetup> {
  const refuse = (why: string) => new Error(`${path}'s first reads: ${why} (web/src/student/render/firstReads.ts)`);
  const { param, id, standIn, reads, afterFirstPaint = false } = firstReads;
  if (!addresses && !param) throw refuse('the page has no `addresses` and the reads no `param` to take an id from');
  if (!/^[\w.~-]+$/.test(standIn) || !id.test(standIn)) throw refuse(`the stand-in ${standIn} is not an id as \`id\` and a URL take it`);
  if (reads.length === 0) throw refuse('no reads');
  const urls: string[] = [];
  let apikey: string | undefined;
  for (const read of reads) {
    const sent = await recorded(read, standIn);
    if (sent.length !== 1) throw refuse(`${read.name || 'a read'} sent ${sent.length} requests, not one`);
    const [{ url, method, headers, body }] = sent as [Sent];
    const { apikey: key, authorization, ...others } = headers;
    if (method !== 'GET' || body !== null) throw refuse(`${url} is not a GET`);
    if (!key || authorization !== `Bearer ${key}` || Object.keys(others).length > 0)
      throw refuse(`${url} is not a plain anonymous read (it sends ${Object.keys(headers).join(', ')})`);
    if (apikey !== undefined && key !== apikey) throw refuse('the reads send different keys');
    if (!url.includes(standIn)) throw refuse(`${url} does not name the id`);
    apikey = key;
    urls.push(url);
  }
  return {
    ...(param ? { param } : { addresses: patternOf(addresses!) }),
    id: patternOf(id),
    standIn,
    urls,
    apikey: apikey!,
    sessionCookie: authStorageKey(urls[0]!),
    global: PREFETCHED_GLOBAL,
    afterFirstPaint,
  };
}
