import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../gateway.ts';

// The gateway in front of an upstream that closes a kept-alive connection the moment the next
// request arrives on it, as PostgREST does after 60 s idle or after refusing a request whose body it
// did not read. Such a request never reached the upstream; the gateway must send it again on a new
// connection instead of answering 502. (A deliberately misbehaving server: PostgREST closes at a
// moment no test can choose.)
const KEY = 'the-project-anon-key';
let upstream: http.Server;
let gateway: Awaited<ReturnType<typeof startGateway>>;
const received: { method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    if (socket.served > 1) {
      socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ n: received.length }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  gateway = await startGateway({
    port: 0,
    jwtSecret: 'a-secret-of-at-least-thirty-two-characters',
    apiKeys: [KEY],
    log: () => {},
    routes: { postgrestPort: (upstream.address() as AddressInfo).port, auth: () => undefined, functions: new Map() },
  });
});

afterAll(async () => {
  await gateway?.close();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

const rest = (path: string, init: RequestInit = {}) =>
  fetch(`http://127.0.0.1:${gateway.port}/rest/v1${path}`, {
    ...init,
    headers: { apikey: KEY, ...(init.headers as Record<string, string>) },
  });

describe('gateway → an upstream that closes kept-alive connections', () => {
  it('sends a request again on a new connection when the reused one is closed under it', async () => {
    received.length = 0;
    const first = await rest('/courses?select=id');
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    // The gateway reuses the first connection; the upstream closes it; the request goes again.
    const second = await rest('/rpc/mark_reviewed', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"ids":[]}',
    });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ n: 2 });
    expect(received).toEqual([
      { method: 'GET', url: '/courses?select=id', body: '' },
      { method: 'POST', url: '/rpc/mark_reviewed', body: '{"ids":[]}' },
    ]);
  });

  it('answers 502 when the new connection fails too, without a third try', async () => {
    // Now the upstream closes every connection as soon as a request arrives.
    let attempts = 0;
    upstream.removeAllListeners('request');
    upstream.on('request', (req: http.IncomingMessage) => {
      attempts += 1;
      req.socket.destroy();
    });
    const res = await rest('/courses');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'The service did not answer. Please try again.' });
    // The kept-alive connection of the first test, then one new connection: two attempts.
    expect(attempts).toBe(2);
  });
});
