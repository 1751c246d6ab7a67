// The production build, pointed at a benchmark's stack, served by the hosts asked for: Debian's
// nginx with the configuration docs/deploying.md gives hosts (bench/nginx.ts), and, when asked for, the
// Hono static host (bench/static-host.ts) that the bench used before nginx.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import type { Stack } from '../stack/stack.ts';
import { buildWeb } from '../stack/web.ts';
import { serveWithNginx } from './nginx.ts';
import { serveBuild, type StaticHost } from './static-host.ts';

export const HOSTS = ['nginx', 'hono'] as const;
export type HostName = (typeof HOSTS)[number];

export async function withServedBuild<T>(
  stack: Stack,
  hostNames: HostName[],
  work: (urls: Partial<Record<HostName, string>>) => Promise<T>,
): Promise<T> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-build-'));
  // nginx's worker runs as `nobody` when the bench runs as root: it reads the build from here.
  await chmod(workDir, 0o755);
  const hosts: Partial<Record<HostName, StaticHost>> = {};
  try {
    const outDir = path.join(workDir, 'dist');
    await buildWeb({ apiUrl: stack.apiUrl, anonKey: stack.anonKey, outDir });
    for (const name of hostNames) {
      const port = await getPort();
      hosts[name] = name === 'nginx' ? await serveWithNginx(outDir, port, `${stack.apiUrl}/functions/v1`) : await serveBuild(outDir, port);
    }
    return await work(Object.fromEntries(Object.entries(hosts).map(([name, host]) => [name, host.url])));
  } finally {
    for (const host of Object.values(hosts)) await host.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
