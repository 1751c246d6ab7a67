import { execSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import getPort from 'get-port';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../config.ts';

// `npm start` as a newcomer runs it: on its own ports and data folder so it never meets the
// test stack or a developer's running `npm start`.
let dataDir: string;
let ports: Record<string, string>;

/** Five ports free at this moment (another stack of the run may take one before `npm start` binds it). */
async function freePorts(): Promise<Record<string, string>> {
  return {
    SUPABASE_API_PORT: String(await getPort()),
    SUPABASE_DB_PORT: String(await getPort()),
    SUPABASE_INBOX_PORT: String(await getPort()),
    SUPABASE_SMTP_PORT: String(await getPort()),
    WEB_PORT: String(await getPort()),
  };
}

const dbUrl = () => `postgresql://postgres:postgres@127.0.0.1:${ports.SUPABASE_DB_PORT}/postgres`;

/**
 * `npm start` on `ports`; if one of them was taken between `getPort()` and the start (the
 * integration step starts other stacks beside this test), again on fresh ports, up to three times.
 */
async function startApp(): Promise<{ child: ResultPromise; output: () => string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppOnce();
    } catch (error) {
      if (attempt === 3 || !/Port \d+ is already in use/.test((error as Error).message)) throw error;
      ports = await freePorts();
    }
  }
}

async function startAppOnce(): Promise<{ child: ResultPromise; output: () => string }> {
  let output = '';
  // Its own process group, so the test can press Ctrl-C the way a terminal does: SIGINT to every
  // process of the group at once.
  const child = execa('npm', ['start'], {
    cwd: ROOT,
    env: { ...ports, CLASSPULSE_DATA_DIR: dataDir },
    reject: false,
    buffer: false,
    detached: true,
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // Up once it says so; an early exit fails at once.
  const exited = child.then(() => {
    throw new Error(`npm start exited:\n${output}`);
  });
  exited.catch(() => {});
  await Promise.race([
    vi.waitFor(
      () => {
        if (!output.includes('Press Ctrl-C to stop.')) throw new Error(`npm start did not come up:\n${output}`);
      },
      { timeout: 90_000, interval: 100 },
    ),
    exited,
  ]);
  return { child, output: () => output };
}

/** Every process below `pid` (ps gives us the whole table at once). */
function descendants(pid: number): number[] {
  const rows = execSync('ps -eo pid=,ppid=')
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of rows) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

const pressCtrlC = (child: ResultPromise) => process.kill(-child.pid!, 'SIGINT');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(async () => {
  // The whole temporary folder: the stack keeps its key pair beside the data (vapid-keys.json).
  if (dataDir) await rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves the app and the API, stops every child on Ctrl-C, and keeps the data across a restart', async () => {
    dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'classpulse-start-')), 'postgres');
    ports = await freePorts();

    const first = await startApp();
    expect(first.output()).toContain(`App            http://localhost:${ports.WEB_PORT}`);
    expect(first.output()).toContain('professor@example.edu');
    // The landing page is a student page, rendered on the server as in the build; the dashboard is the app.
    const landing = await fetch(`http://localhost:${ports.WEB_PORT}/`);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('Complete Anonymity');
    const dashboard = await fetch(`http://localhost:${ports.WEB_PORT}/dashboard`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('<div id="root"></div>');
    const api = await fetch(`http://127.0.0.1:${ports.SUPABASE_API_PORT}/rest/v1/courses?select=code&order=code`, {
      headers: { apikey: first.output().match(/anon key\s+(\S+)/)![1] },
    });
    expect(await api.json()).toEqual(expect.arrayContaining([{ code: 'COSC 1337' }, { code: 'MATH 2413' }]));

    const client = new pg.Client(dbUrl());
    await client.connect();
    await client.query(`update public.courses set name = 'Kept Across Restarts' where code = 'MATH 2413'`);
    await client.end();

    const children = descendants(first.child.pid!);
    expect(children.length).toBeGreaterThan(3); // postgres, postgrest, deno, …
    pressCtrlC(first.child);
    const result = await first.child;
    expect(first.output()).toContain('Stopped. Your data is kept in .local/');
    expect(result.exitCode).toBe(0);
    expect(children.filter(alive)).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${ports.SUPABASE_API_PORT}/`)).rejects.toThrow();

    const second = await startApp();
    const again = new pg.Client(dbUrl());
    await again.connect();
    const { rows } = await again.query(`select name from public.courses where code = 'MATH 2413'`);
    await again.end();
    expect(rows).toEqual([{ name: 'Kept Across Restarts' }]);
    pressCtrlC(second.child);
    expect((await second.child).exitCode).toBe(0);
  }, 240_000);
});
