// A lean HTTP client for load generation: node:http with keep-alive, so the generator (which
// shares the machine's cores with the stack) spends as little CPU per request as it can.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** POSTs `body` and resolves with the status once the whole answer has arrived. */
export function post(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Any method; resolves with the status, headers and text of the answer once all of it has arrived. */
export function request(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
  via: http.Agent = agent,
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const sized = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request(url, { method, agent: via, headers: sized }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
