// What the adversarial suites (fuzz.test.ts, forged.test.ts, edit-token-guessing.test.ts) share: raw
// HTTP requests through the gateway (any method, path, header list and bytes, which fetch would
// not send), the checks every answer must pass, and row counts of every table in `public`.
import http from 'node:http';
import { db, stack } from '../../../testing/vitest.ts';

export interface RawRequest {
  method: string;
  /** Path and query after the gateway's origin, sent as is (e.g. `/functions/v1/submissions/x`). */
  path: string;
  /** Header names and values in order; a name may repeat (sent twice). */
  headers: [string, string][];
  body?: Uint8Array;
}

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const agents = new Map<number, http.Agent>();

/** A keep-alive agent with at most `sockets` connections: the concurrency of a suite. */
function agent(sockets: number): http.Agent {
  let a = agents.get(sockets);
  if (!a) {
    a = new http.Agent({ keepAlive: true, maxSockets: sockets });
    agents.set(sockets, a);
  }
  return a;
}

/**
 * Sends one request to the gateway exactly as given. 'closed' when the server ended the
 * connection while a large body was still being written (the functions answer 413 as soon as the
 * declared length is too large, and the gateway then closes), or refused an over-long request
 * line by closing it: as much a refusal as the 413 or 431.
 */
export function send(req: RawRequest, sockets = 8): Promise<RawReply | 'closed'> {
  const url = new URL(stack().apiUrl);
  return new Promise((resolve, reject) => {
    // Headers given as a list (so that a name can repeat) get no Host from Node: HTTP/1.1 needs one.
    const flat: string[] = ['host', url.host];
    for (const [name, value] of req.headers) flat.push(name, value);
    if (req.body && !req.headers.some(([n]) => n.toLowerCase() === 'content-length')) {
      flat.push('content-length', String(req.body.byteLength));
    }
    const request = http.request({
      host: url.hostname,
      port: url.port,
      method: req.method,
      path: req.path,
      headers: flat,
      agent: agent(sockets),
      timeout: 60_000,
    });
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`timed out: ${req.method} ${req.path}`)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A request line over the HTTP server's limit (16 KB) is refused by Node itself, which may
      // close the connection before the client reads its 431.
      const large = (req.body?.byteLength ?? 0) > 64 * 1024 || req.path.length > 8 * 1024;
      if (large && ['EPIPE', 'ECONNRESET'].includes(error.code ?? '')) resolve('closed');
      else reject(error);
    });
    request.end(req.body ? Buffer.from(req.body) : undefined);
  });
}

/** Runs `tasks` with at most `limit` at a time, in order of the array. */
export async function pool<T>(limit: number, count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

function describe(req: RawRequest, reply: RawReply): string {
  const headers = req.headers.map(([n, v]) => `${n}: ${v.length > 80 ? `${v.slice(0, 80)}…` : v}`).join('; ');
  return `${req.method} ${req.path.slice(0, 200)} [${headers}] (${req.body?.byteLength ?? 0} bytes) → ${reply.status} ${reply.text.slice(0, 300)}`;
}

/**
 * The HTTP server's own refusal of a request line or headers over its limit (Node: 16 KB), before
 * any of our code or PostgREST sees the request: an empty 431 (or 414), as Supabase's edge answers
 * such requests too. Only a query string of a huge generated argument gets there.
 */
function headersTooLarge(reply: RawReply): boolean {
  return (reply.status === 431 || reply.status === 414) && reply.text === '';
}

function parsed(reply: RawReply): unknown {
  try {
    return JSON.parse(reply.text);
  } catch {
    return undefined;
  }
}

/** `{ error, code, params? }`: what our functions refuse with (supabase/functions/_shared/messages.ts). */
export function isRefusalBody(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const { error, code, params, ...rest } = body as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    typeof error === 'string' &&
    error.trim() !== '' &&
    typeof code === 'string' &&
    /^[a-z][a-z0-9_]*$/.test(code) &&
    (params === undefined || (typeof params === 'object' && params !== null && !Array.isArray(params)))
  );
}

/**
 * What every answer of our edge functions must be: never a 5xx; every refusal (4xx) is JSON
 * `{ "error": "<message>", "code": "<code>" }` (and `params` when the message has some) and nothing
 * else, a 429 says when to retry. HEAD answers carry no body. Throws with the request and the
 * answer when it is not.
 */
export function checkFunctionReply(req: RawRequest, reply: RawReply | 'closed'): void {
  checkRefusal(req, reply, (refused, fail) => {
    if (!String(refused.headers['content-type'] ?? '').startsWith('application/json')) fail('a refusal that is not JSON');
    const body = parsed(refused);
    if (!body || typeof body !== 'object' || Array.isArray(body)) fail('a refusal whose body is not a JSON object');
    if (!isRefusalBody(body)) fail('a refusal that is not { "error": "…", "code": "…" }');
    if (refused.status === 429 && !refused.headers['retry-after']) fail('a 429 without Retry-After');
  });
}

/**
 * What every PostgREST answer must be: never a 5xx, and a refusal is a JSON object with a message
 * (PostgREST's own shape, `{ code, message, details, hint }`).
 */
export function checkPostgrestReply(req: RawRequest, reply: RawReply | 'closed'): void {
  checkRefusal(req, reply, (refused, fail) => {
    const body = parsed(refused) as { message?: unknown } | undefined;
    if (!body || typeof body !== 'object' || typeof body.message !== 'string') fail('a refusal without a JSON message');
  });
}

/**
 * What both must be: no 5xx, then `refusal` checks a 4xx with a body (HEAD answers carry none).
 * A closed connection or headers too large to read are not judged.
 */
function checkRefusal(
  req: RawRequest,
  reply: RawReply | 'closed',
  refusal: (refused: RawReply, fail: (why: string) => never) => void,
): void {
  if (reply === 'closed' || headersTooLarge(reply)) return;
  const fail = (why: string): never => {
    throw new Error(`${why}: ${describe(req, reply)}`);
  };
  if (reply.status >= 500) fail('a 5xx');
  if (reply.status < 400 || req.method === 'HEAD') return;
  refusal(reply, fail);
}

/** Every table of `public` (rate-limit counters included: callers leave them out where they count refusals). */
export async function publicTables(): Promise<string[]> {
  const { rows } = await db().query<{ name: string }>(
    `select c.relname::text as name from pg_catalog.pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Row counts of the tables given, in one statement (one snapshot). */
export async function rowCounts(tables: string[]): Promise<Record<string, number>> {
  const { rows } = await db().query(`select ${tables.map((t) => `(select count(*)::int from public."${t}") as "${t}"`).join(', ')}`);
  return rows[0] as Record<string, number>;
}

/** The tables whose counts differ between two snapshots, with both counts. */
export function changedCounts(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(before)
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t}: ${before[t]} → ${after[t]}`);
}

/**
 * Percent-encodes text for a query string or a form; a lone surrogate (which encodeURIComponent
 * refuses) becomes its three invalid UTF-8 bytes, so the request carries invalid UTF-8 too.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}
