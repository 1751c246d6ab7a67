// A lean HTTP client for load generation: node:http with keep-alive, so the generator (which
// shares the machine's cores with the stack) spends as little CPU per request as it can.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** POSTs `body` and resolves with the status once the whole answer has arrived. */
export function post(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
