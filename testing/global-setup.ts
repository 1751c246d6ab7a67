import type { TestProject } from 'vitest/node';
import { stackInfo, type StackInfo } from '../stack/stack.ts';
import { startTemporaryStack } from '../stack/temporary.ts';

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
  const stack = await startTemporaryStack();
  project.provide('stack', stackInfo(stack));
  return () => stack.stop();
}
