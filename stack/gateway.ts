import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyServer } from 'httpxy';
import { jwtVerify } from 'jose';
import type { Log } from './processes.ts';

export interface GatewayRoutes {
  postgrestPort: number;
  /** In-process handler for /auth/v1 (the local auth service). */
  auth: (req: IncomingMessage, res: ServerResponse) => void;
  functions: Map<string, { port: number; verifyJwt: boolean }>;
}

interface GatewayOptions {
  port: number;
  jwtSecret: string;
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

function sendJson(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
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
export async function startGateway(opts: GatewayOptions): Promise<{ port: number; close(): Promise<void> }> {
  const secret = new TextEncoder().encode(opts.jwtSecret);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  // xfwd appends the socket address to x-forwarded-for; a value the client already sent is kept
  // first, which lets tests simulate many students behind one or many IPs (Supabase sets it itself).
  const proxy = createProxyServer({ agent, xfwd: true, proxyTimeout: 60_000 });
  proxy.on('error', (error, req, res) => {
    const target = (req as IncomingMessage | undefined)?.url ?? '';
    opts.log(`[gateway] upstream error for ${target}: ${error.message}`);
    if (res && 'writeHead' in res) {
      sendJson(res as ServerResponse, 502, { error: 'The service did not answer. Please try again.' });
    }
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (url.startsWith('/rest/v1')) {
      setCors(req, res);
      if (req.method === 'OPTIONS') return void res.writeHead(200).end();
      req.url = url.slice('/rest/v1'.length) || '/';
      return proxy.web(req, res, { target: `http://127.0.0.1:${opts.routes.postgrestPort}` });
    }
    if (url.startsWith('/auth/v1')) {
      setCors(req, res);
      if (req.method === 'OPTIONS') return void res.writeHead(200).end();
      return opts.routes.auth(req, res);
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
          await jwtVerify(token, secret, { algorithms: ['HS256'] });
        } catch {
          return sendJson(res, 401, { code: 401, message: 'Invalid JWT' });
        }
      }
      req.url = rest;
      return proxy.web(req, res, { target: `http://127.0.0.1:${fn.port}` });
    }
    if (url === '/' || url === '/health') return sendJson(res, 200, { name: 'ClassPulse local Supabase', status: 'ok' });
    sendJson(res, 404, { message: 'no Route matched with those values' });
  };

  const server = http.createServer((req, res) => {
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
