// The gateway's way to a function (stack/gateway.ts): the request is passed on as it comes, the
// answer is read whole before any of it goes to the client. A function is small JSON or HTML, never
// a stream, and a function that dies after its headers but before its body (a crash, a redeploy)
// then still gets the client a clear 502 rather than a connection closed with nothing
// (docs/decisions/resilience.md). The fault tests kill functions mid-request and check for that.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { lingerAfterRefusal, sendJson, UNAVAILABLE } from './gateway-checks.ts';
import type { Log } from './processes.ts';

/** Headers of one hop, which the gateway sets for its own answer. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);

export interface FunctionTarget {
  /** The function's instance. */
  port: number;
  /** The path after `/functions/v1`, with its query. */
  path: string;
  agent: http.Agent;
  timeoutMs: number;
  log: Log;
}

/** x-forwarded-* as Supabase's gateway sets them; a value the client sent is kept. */
function forwardedHeaders(req: IncomingMessage): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = { ...req.headers };
  const given = {
    'x-forwarded-for': req.socket.remoteAddress,
    'x-forwarded-port': String(req.socket.localPort ?? ''),
    'x-forwarded-proto': 'http',
    'x-forwarded-host': req.headers.host ?? '',
  };
  for (const [name, value] of Object.entries(given)) if (!headers[name] && value !== undefined) headers[name] = value;
  return headers;
}

export function forwardToFunction(req: IncomingMessage, res: ServerResponse, target: FunctionTarget): void {
  let answered = false;
  const fail = (error: NodeJS.ErrnoException, timedOut = false) => {
    if (answered) return;
    answered = true;
    target.log(`[gateway] upstream error for ${target.path}: ${error.message}`);
    // Functions answer CORS themselves; this answer did not come from one, and a browser must read it.
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'retry-after' };
    if (res.destroyed) return;
    if (timedOut) sendJson(res, 504, { error: 'The service took too long to answer. Please try again.' }, cors);
    else if (error.code === 'ECONNREFUSED') sendJson(res, 503, { error: UNAVAILABLE }, { ...cors, 'retry-after': '1' });
    else sendJson(res, 502, { error: 'The service did not answer. Please try again.' }, cors);
  };

  const upstream = http.request({
    host: '127.0.0.1',
    port: target.port,
    method: req.method,
    path: target.path,
    headers: forwardedHeaders(req),
    agent: target.agent,
  });
  upstream.setTimeout(target.timeoutMs, () => {
    const connection = upstream.reusedSocket ? 'a kept-alive connection' : 'a new connection';
    fail(new Error(`no answer in ${target.timeoutMs} ms from port ${target.port} on ${connection}`), true);
    upstream.destroy();
  });
  upstream.on('error', (error) => fail(error));
  upstream.on('response', (answer) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('error', (error) => fail(error));
    answer.on('close', () => {
      if (!answer.complete) return fail(new Error('the function closed its answer before its end'));
      if (answered) return;
      answered = true;
      const body = Buffer.concat(chunks);
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) res.setHeader(name, value);
      }
      // Node sets the length of the body ended with.
      res.writeHead(answer.statusCode ?? 502);
      res.end(body);
      // The function answered before the request's body had all come (a body it refused by its
      // length): the rest is read and dropped, so the client's kept-alive connection is ready for its
      // next request, which would otherwise wait behind a body nobody reads (seen as a POST among
      // many at once, after a 1 MB one, never answered); the function's connection, left mid-body,
      // is not used again.
      if (!req.complete) {
        req.unpipe(upstream);
        upstream.destroy();
        lingerAfterRefusal(req);
      }
    });
  });
  // A client that goes away takes its request with it.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}
