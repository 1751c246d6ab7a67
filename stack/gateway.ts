import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createProxyServer } from 'httpxy';
import {
  apiKeyRefusal,
  BODY_TOO_LARGE,
  lingerAfterRefusal,
  formBodyRefusal,
  invalidJwtRefusal,
  JWT_SKEW_S,
  MAX_REST_BODY_BYTES,
  readBody,
  type Refusal,
  sendJson,
  UNAVAILABLE,
  withoutApiKeyParam,
} from './gateway-checks.ts';
import { forwardToFunction } from './gateway-functions.ts';
import type { Log } from './processes.ts';
import { cachedVerifier } from './verified-tokens.ts';

export interface GatewayRoutes {
  postgrestPort: number;
  /** In-process handler for /auth/v1 (the local auth service); undefined while it is stopped. */
  auth: () => ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  /** Each function's instances (one port each), taken in turn. */
  functions: Map<string, { ports: number[]; verifyJwt: boolean }>;
}

interface GatewayOptions {
  port: number;
  jwtSecret: string;
  /** The project's API keys (anon, service role): /rest/v1 and /auth/v1 refuse any other. */
  apiKeys: readonly string[];
  routes: GatewayRoutes;
  log: Log;
}

const CORS_BASE = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-expose-headers': 'content-range, content-profile, range-unit, retry-after, x-total-count',
  'access-control-max-age': '3600',
};

function setCors(req: IncomingMessage, res: ServerResponse) {
  for (const [key, value] of Object.entries(CORS_BASE)) res.setHeader(key, value);
  const requested = req.headers['access-control-request-headers'];
  res.setHeader(
    'access-control-allow-headers',
    requested ?? 'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile',
  );
}

function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal) {
  sendJson(res, refusal.status, refusal.body, refusal.headers);
  lingerAfterRefusal(req);
}

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  return header?.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * One port with Supabase's routes: /rest/v1 → PostgREST, /auth/v1 → auth, /functions/v1/<name>
 * → that function's Deno process (JWT checked where verify_jwt is on). Kept thin on purpose:
 * every student submission crosses it.
 */
/** How long an upstream (PostgREST, a function) may take to answer before the client gets a 504. */
const UPSTREAM_TIMEOUT_MS = 60_000;
/**
 * A function answers within its own deadline (5 s, supabase/functions/_shared/db-config.ts), or
 * within ~20 s when Postgres restarts under a query (docs/decisions/resilience.md). A request not
 * answered in 30 s was lost on the way: the client is told so (504, logged with the connection it
 * went on) before a test's own 60 s limit, which would otherwise fail with nothing in the logs.
 */
const FUNCTION_TIMEOUT_MS = 30_000;

export async function startGateway(opts: GatewayOptions): Promise<{ port: number; close(): Promise<void> }> {
  const secret = new TextEncoder().encode(opts.jwtSecret);
  // PostgREST allows 30 s of clock skew; Supabase's function gateway none.
  const verifyForRest = cachedVerifier(secret, JWT_SKEW_S);
  const verifyForFunctions = cachedVerifier(secret);
  // Round robin over a function's instances, as the edge runtime spreads requests over its workers.
  const turns = new Map<string, number>();
  const nextPort = (name: string, ports: number[]) => {
    const turn = turns.get(name) ?? 0;
    turns.set(name, (turn + 1) % ports.length);
    return ports[turn % ports.length];
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  // xfwd appends the socket address to x-forwarded-for; a value the client already sent is kept
  // first, which lets tests simulate many students behind one or many IPs (Supabase sets it itself).
  const proxy = createProxyServer({ agent, xfwd: true, proxyTimeout: UPSTREAM_TIMEOUT_MS });
  // Requests whose upstream took longer than proxyTimeout (httpxy then destroys them).
  const timedOut = new WeakSet<IncomingMessage>();
  // The upstream request of each client request, to tell a reused connection's failure.
  const upstream = new WeakMap<IncomingMessage, ClientRequest>();
  proxy.on('proxyReq', (proxyReq, req) => {
    upstream.set(req as IncomingMessage, proxyReq);
    proxyReq.on('timeout', () => timedOut.add(req as IncomingMessage));
  });

  // PostgREST requests go with their body read whole, so one can be sent again: PostgREST closes a
  // kept-alive connection without notice (after 60 s idle, or after refusing a bad JWT before
  // reading the body, which invalidJwtRefusal mostly spares it), and a request the gateway sent
  // on it at that moment fails with nothing answered.
  // Such a request never reached PostgREST, so it is sent once more on a new connection, as
  // nginx does with its cached upstream connections.
  const restBodies = new WeakMap<IncomingMessage, { body: Buffer; retried: boolean }>();
  const toPostgrest = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    restBodies.set(req, { body, retried: restBodies.get(req)?.retried ?? false });
    proxy.web(req, res, { target: `http://127.0.0.1:${opts.routes.postgrestPort}`, buffer: Readable.from(body.length ? [body] : []) });
  };
  const retriedOnNewConnection = (req: IncomingMessage, res: ServerResponse, error: NodeJS.ErrnoException): boolean => {
    const rest = restBodies.get(req);
    const failedOnReuse = upstream.get(req)?.reusedSocket && ['ECONNRESET', 'EPIPE'].includes(error.code ?? '');
    if (!rest || rest.retried || !failedOnReuse || res.headersSent) return false;
    rest.retried = true;
    opts.log(`[gateway] ${req.url ?? ''}: the kept-alive connection to PostgREST was closed under the request; sending it again`);
    toPostgrest(req, res, rest.body);
    return true;
  };
  // What a client sees when PostgREST fails (docs/decisions/resilience.md): 503 when nothing
  // listens (the service is down or restarting: retry soon), 504 past the gateway's time limit,
  // 502 when it dropped the request (it died mid-request: the request may or may not have run).
  // Functions get the same answers from gateway-functions.ts.
  proxy.on('error', (error, req, res) => {
    const request = req as IncomingMessage | undefined;
    if (request && res && 'writeHead' in res && retriedOnNewConnection(request, res as ServerResponse, error as NodeJS.ErrnoException))
      return;
    opts.log(`[gateway] upstream error for ${request?.url ?? ''}: ${error.message}`);
    if (!res || !('writeHead' in res)) return;
    // Its own CORS headers are set already (setCors); this keeps the answer readable in any case.
    const response = res as ServerResponse;
    if (!response.headersSent && !response.hasHeader('access-control-allow-origin')) {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-expose-headers', 'retry-after');
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (request && timedOut.has(request)) {
      sendJson(res as ServerResponse, 504, { error: 'The service took too long to answer. Please try again.' });
    } else if (code === 'ECONNREFUSED') {
      sendJson(res as ServerResponse, 503, { error: UNAVAILABLE }, { 'retry-after': '1' });
    } else {
      sendJson(res as ServerResponse, 502, { error: 'The service did not answer. Please try again.' });
    }
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (url.startsWith('/rest/v1')) {
      setCors(req, res);
      if (req.method === 'OPTIONS') return void res.writeHead(200).end();
      const refusal = apiKeyRefusal(req, opts.apiKeys) ?? formBodyRefusal(req) ?? (await invalidJwtRefusal(bearer(req), verifyForRest));
      if (refusal) return refuse(req, res, refusal);
      const body = await readBody(req, MAX_REST_BODY_BYTES);
      if (!body) return refuse(req, res, BODY_TOO_LARGE);
      delete req.headers['transfer-encoding'];
      if (body.length || req.headers['content-length'] !== undefined) req.headers['content-length'] = String(body.length);
      req.url = withoutApiKeyParam(url.slice('/rest/v1'.length)) || '/';
      return toPostgrest(req, res, body);
    }
    if (url.startsWith('/auth/v1')) {
      setCors(req, res);
      if (req.method === 'OPTIONS') return void res.writeHead(200).end();
      const refusal = apiKeyRefusal(req, opts.apiKeys);
      if (refusal) return refuse(req, res, refusal);
      const auth = opts.routes.auth();
      // Stopped (a restart): as a proxy in front of a GoTrue that is down would answer.
      if (!auth) return sendJson(res, 503, { error: UNAVAILABLE }, { 'retry-after': '1' });
      return auth(req, res);
    }
    if (url.startsWith('/functions/v1/')) {
      const rest = url.slice('/functions/v1'.length); // "/<name>/sub?query"
      const name = /^\/([^/?#]+)/.exec(rest)?.[1] ?? '';
      const fn = opts.routes.functions.get(name);
      if (!fn) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      // Preflight requests never carry a JWT; the function answers them with its own CORS headers.
      if (fn.verifyJwt && req.method !== 'OPTIONS') {
        const token = bearer(req);
        if (!token) return sendJson(res, 401, { code: 401, message: 'Missing authorization header' });
        try {
          await verifyForFunctions(token);
        } catch {
          return sendJson(res, 401, { code: 401, message: 'Invalid JWT' });
        }
      }
      return forwardToFunction(req, res, {
        port: nextPort(name, fn.ports),
        path: rest,
        agent,
        timeoutMs: FUNCTION_TIMEOUT_MS,
        log: opts.log,
      });
    }
    if (url === '/' || url === '/health') return sendJson(res, 200, { name: 'ClassPulse local Supabase', status: 'ok' });
    sendJson(res, 404, { message: 'no Route matched with those values' });
  };

  const server = http.createServer((req, res) => {
    // A request still unanswered after 20 s is logged, with whether its answer had begun: a client
    // that waited forever (seen twice on CI) then shows whether the gateway ever had its request.
    const slow = setTimeout(
      () => opts.log(`[gateway] no answer yet after 20 s to ${req.method} ${req.url?.split('?')[0]} (answer begun: ${res.headersSent})`),
      20_000,
    );
    slow.unref();
    res.on('close', () => clearTimeout(slow));
    handle(req, res).catch((error: Error) => {
      opts.log(`[gateway] ${error.stack ?? error.message}`);
      sendJson(res, 500, { error: 'Internal gateway error' });
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
