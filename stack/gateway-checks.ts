import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors } from 'jose';
import type { VerifyToken } from './verified-tokens.ts';

// What the local gateway refuses before any service sees a request
// (docs/decisions/adversarial-suite.md, on what the fuzz found in the gateway). Each answer is
// what Supabase's own gateway answers, or PostgREST's error shape.

export interface Refusal {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Auth routes a browser opens from an e-mail or a provider, without an API key (as on Supabase). */
const OPEN_AUTH_PATHS = ['/auth/v1/verify', '/auth/v1/callback', '/auth/v1/authorize'];

const API_KEY_PARAM = 'apikey=';

/** The path, and the query's `name=value` pairs as sent (still percent-encoded). */
function splitQuery(url: string): { path: string; pairs: string[] | undefined } {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  return { path, pairs: query === undefined ? undefined : query.split('&') };
}

function apiKeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers.apikey;
  if (typeof header === 'string') return header;
  const pair = splitQuery(req.url ?? '/').pairs?.find((p) => p.startsWith(API_KEY_PARAM));
  if (pair === undefined) return undefined;
  try {
    return decodeURIComponent(pair.slice(API_KEY_PARAM.length));
  } catch {
    return pair.slice(API_KEY_PARAM.length); // a malformed escape: compared as sent, so refused
  }
}

/**
 * /rest/v1 and /auth/v1 (the gateway asks only for those) need one of the project's API keys, in the `apikey` header or query
 * parameter, as on Supabase: a missing key or another project's key is a 401 before PostgREST or
 * the auth service sees the request (PostgREST would otherwise serve a request without a Bearer
 * token as anon, whatever key came with it).
 */
export function apiKeyRefusal(req: IncomingMessage, apiKeys: readonly string[]): Refusal | undefined {
  const { path } = splitQuery(req.url ?? '/');
  if (req.method === 'OPTIONS' || OPEN_AUTH_PATHS.some((open) => path === open || path.startsWith(`${open}/`))) return undefined;
  const key = apiKeyOf(req);
  if (key === undefined || key === '') {
    return { status: 401, body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' } };
  }
  if (!apiKeys.includes(key)) {
    return { status: 401, body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' } };
  }
  return undefined;
}

/** The path without an `apikey` query parameter, which PostgREST would read as a column filter. */
export function withoutApiKeyParam(url: string): string {
  const { path, pairs } = splitQuery(url);
  if (!pairs?.some((pair) => pair.startsWith(API_KEY_PARAM))) return url;
  const kept = pairs.filter((pair) => !pair.startsWith(API_KEY_PARAM));
  return kept.length ? `${path}?${kept.join('&')}` : path;
}

/**
 * PostgREST 12.0 decodes `application/x-www-form-urlencoded` bodies in time that grows with the
 * square of their size (a 40 KB body holds a core for about 40 s, and PostgREST then drops the
 * connection) and answers a body that is not UTF-8 once percent-decoded with its own 500. Nothing of
 * ours sends form bodies (supabase-js sends JSON), so /rest/v1 refuses them, in PostgREST's shape.
 */
export function formBodyRefusal(req: IncomingMessage): Refusal | undefined {
  const type = String(req.headers['content-type'] ?? '')
    .trim()
    .toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded')) return undefined;
  return {
    status: 415,
    body: { code: 'PGRST107', details: null, hint: 'Send the body as application/json.', message: 'Form-encoded bodies are not accepted' },
  };
}

/** PostgREST 12 accepts a token up to 30 s past its `exp` (or before its `nbf`/`iat`): so does the gateway. */
export const JWT_SKEW_S = 30;

function jwtProblem(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'JWT expired';
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') return 'JWTNotYetValid';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'JWSError JWSInvalidSignature';
  return 'JWSError (CompactDecodeError Invalid JWT)';
}

/**
 * PostgREST's own 401 (`PGRST301`, its messages for the common cases) for a Bearer token PostgREST
 * would refuse: not HS256 with the project's secret, expired, not yet valid, issued in the future.
 * PostgREST refuses such a token before it reads the body and then closes the connection, so a
 * large body meets a closed socket and the client got a 502 instead of the 401; refused here,
 * the body never goes. A token this lets through is checked by PostgREST as before.
 */
export async function invalidJwtRefusal(token: string | undefined, verify: VerifyToken): Promise<Refusal | undefined> {
  if (!token) return undefined;
  let problem: string | undefined;
  try {
    const payload = await verify(token);
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + JWT_SKEW_S) problem = 'JWTIssuedAtFuture';
  } catch (error) {
    problem = jwtProblem(error);
  }
  if (!problem) return undefined;
  return {
    status: 401,
    body: { code: 'PGRST301', details: null, hint: null, message: problem },
    headers: { 'www-authenticate': `Bearer error="invalid_token", error_description="${problem}"` },
  };
}

/** PostgREST bodies are read whole before they are sent on (so a request can be sent again). */
export const MAX_REST_BODY_BYTES = 1024 * 1024;

export const BODY_TOO_LARGE: Refusal = {
  status: 413,
  body: { code: null, details: null, hint: null, message: `The body is over ${MAX_REST_BODY_BYTES} bytes` },
};

/**
 * The whole request body, or undefined once it passes `limit` bytes. The rest is left flowing, not
 * destroyed: the refusal's lingering read (lingerAfterRefusal) drops it, so the client still
 * sending it reads the 413 rather than a reset connection.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd);
      resolve(undefined);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

/** How long a refused request's body is still read and dropped, as nginx's lingering close does. */
export const LINGER_MS = 5_000;

/**
 * After a refusal sent before the request's body was read whole: reads the rest and drops it, then
 * the connection serves the next request. Closing at once would reset a connection the client is
 * still writing its body to, and the client would see EPIPE instead of the answer (seen with a
 * 1 MB body refused by its Content-Length). A body still coming after LINGER_MS is cut off.
 */
export function lingerAfterRefusal(req: IncomingMessage): void {
  if (req.complete) return;
  const cutOff = setTimeout(() => req.socket.destroy(), LINGER_MS);
  cutOff.unref();
  req.once('end', () => clearTimeout(cutOff)).once('close', () => clearTimeout(cutOff));
  req.resume();
}

export const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

/** A JSON answer; once headers have gone out, all that is left is closing the connection. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
