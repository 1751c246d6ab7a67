import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import getPort from 'get-port';
import { ROOT } from '../stack/config.ts';
import { startTemporaryStack } from '../stack/temporary.ts';

/** Seconds from nothing to a migrated, seeded stack answering on every route. */
export async function measureColdStart(): Promise<number> {
  const began = performance.now();
  const stack = await startTemporaryStack();
  const seconds = (performance.now() - began) / 1000;
  await stack.stop();
  return seconds;
}

/** Seconds from `npm start` (fresh data folder) until its first page, the landing page, has been served. */
export async function measureStartToFirstPage(): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-bench-start-'));
  const webPort = await getPort();
  const began = performance.now();
  const child = execa('npm', ['start'], {
    cwd: ROOT,
    reject: false,
    env: {
      CLASSPULSE_DATA_DIR: path.join(dir, 'pg'),
      SUPABASE_API_PORT: String(await getPort()),
      SUPABASE_DB_PORT: String(await getPort()),
      SUPABASE_INBOX_PORT: String(await getPort()),
      WEB_PORT: String(webPort),
    },
  });
  let seconds = Number.NaN;
  try {
    for (let i = 0; i < 1200; i++) {
      // As a browser asks for a page: the dev server renders a student page only for a request that accepts HTML.
      const ok = await fetch(`http://localhost:${webPort}/`, { headers: { accept: 'text/html' } }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) {
        seconds = (performance.now() - began) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill('SIGINT');
    await child;
    await rm(dir, { recursive: true, force: true });
  }
  return seconds;
}
