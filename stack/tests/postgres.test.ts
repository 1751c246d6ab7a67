import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { SUPABASE_DIR } from '../config.ts';
import { startPostgres } from '../postgres.ts';

let dataDir: string;
afterAll(async () => {
  if (dataDir) await rm(path.dirname(dataDir), { recursive: true, force: true });
});

it('a first start that fails after initdb (its port taken) still migrates and seeds on the next start', async () => {
  dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'classpulse-pg-')), 'postgres');
  const taken = await getPort();
  const squatter = net.createServer();
  await new Promise<void>((resolve) => squatter.listen(taken, '127.0.0.1', resolve));
  try {
    await expect(startPostgres({ dataDir, port: taken, supabaseDir: SUPABASE_DIR })).rejects.toThrow(
      `Postgres did not start on port ${taken}: it exited at start. Is another server using that port?`,
    );
  } finally {
    await new Promise((resolve) => squatter.close(resolve));
  }

  const postgres = await startPostgres({ dataDir, port: await getPort(), supabaseDir: SUPABASE_DIR });
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ code: string }>('select code from public.courses order by code');
    expect(rows.map((r) => r.code)).toEqual(expect.arrayContaining(['COSC 1337', 'MATH 2413']));
  } finally {
    await client.end();
    await postgres.stop();
  }
});
