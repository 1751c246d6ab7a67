import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { SUPABASE_DIR, type StackOptions } from './config.ts';
import { startPostgres } from './postgres.ts';
import { startStack, type Stack } from './stack.ts';

/**
 * A stack on free ports with a throw-away database (tests, benchmarks): it never meets
 * `npm start`'s ports or data, and `stop()` deletes its data too.
 */
export async function startTemporaryStack(options: Partial<StackOptions> = {}): Promise<Stack> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-'));
  try {
    const stack = await startStack({
      dataDir: path.join(dir, 'postgres'),
      apiPort: await getPort(),
      dbPort: await getPort(),
      inboxPort: await getPort(),
      supabaseDir: SUPABASE_DIR,
      loopbackPush: true,
      testClock: true,
      hourlyRetention: false,
      minutelySummaries: false,
      ...options,
    });
    return {
      ...stack,
      stop: async () => {
        await stack.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Runs `work` on a database of its own, migrated and seeded on a free port, then deletes it (gen:types, gen:schema). */
export async function withTemporaryDatabase<T>(work: (dbUrl: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-db-'));
  try {
    const postgres = await startPostgres({ dataDir: path.join(dir, 'pg'), port: await getPort(), supabaseDir: SUPABASE_DIR });
    try {
      return await work(postgres.url);
    } finally {
      await postgres.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
