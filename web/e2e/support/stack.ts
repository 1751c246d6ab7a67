// The stack `npm test` started, for Playwright tests: its addresses come through the environment.
import type { StackInfo } from '../../../stack/config.ts';
import * as support from '../../../stack/test-support.ts';

export { magicLink, sixDigitCode, uniqueCourseCode, uniqueEmail } from '../../../stack/test-support.ts';

export function stack(): StackInfo {
  const raw = process.env.CLASSPULSE_TEST_STACK;
  if (!raw) throw new Error('CLASSPULSE_TEST_STACK is not set: run the end-to-end tests with `npm test -- e2e`');
  return JSON.parse(raw) as StackInfo;
}

export const db = () => support.databasePool(stack());
export const anonClient = () => support.createTestClient(stack(), 'anon');
export const serviceClient = () => support.createTestClient(stack(), 'service');
export const latestEmail = (email: string, since?: Date) => support.latestEmail(stack(), email, since);
export const signInWithEmailCode = (email?: string) => support.signInWithEmailCode(stack(), email);
