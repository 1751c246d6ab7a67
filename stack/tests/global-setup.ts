import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import type { TestProject } from 'vitest/node';
import { SUPABASE_DIR } from '../config.ts';
import { startStack, stackInfo, type StackInfo } from '../stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * Uses the stack `npm test` started (CLASSPULSE_TEST_STACK); run alone (`npx vitest`), starts
 * its own on free ports with a throw-away database.
 */
export default async function setup(project: TestProject) {
  const given = process.env.CLASSPULSE_TEST_STACK;
  if (given) {
    project.provide('stack', JSON.parse(given) as StackInfo);
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-vitest-'));
  const stack = await startStack({
    dataDir: path.join(dataDir, 'postgres'),
    apiPort: await getPort(),
    dbPort: await getPort(),
    inboxPort: await getPort(),
    supabaseDir: SUPABASE_DIR,
  });
  project.provide('stack', stackInfo(stack));
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
