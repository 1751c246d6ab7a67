// The stack `npm test` started, for Playwright tests: its addresses come through the environment.
import type { BrowserContext } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { StackInfo } from '../../../stack/config.ts';
import * as support from '../../../testing/support.ts';

export { magicLink, sixDigitCode, uniqueCourseCode, uniqueEmail } from '../../../testing/support.ts';

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

/**
 * Puts `client`'s session into the browser context the way @supabase/ssr keeps it, so the app
 * starts signed in: the cookie `sb-<first label of the API host>-auth-token` holding "base64-" +
 * base64url(session JSON), split into `.0`, `.1`, … above 3180 characters.
 */
export async function putSessionInBrowser(context: BrowserContext, baseURL: string, client: SupabaseClient) {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session to put in the browser');
  const key = `sb-${new URL(stack().apiUrl).hostname.split('.')[0]}-auth-token`;
  const value = `base64-${Buffer.from(JSON.stringify(data.session)).toString('base64url')}`;
  const CHUNK = 3180;
  const chunks = value.length <= CHUNK ? [value] : (value.match(new RegExp(`.{1,${CHUNK}}`, 'g')) ?? []);
  await context.addCookies(
    chunks.map((chunk, index) => ({
      name: chunks.length === 1 ? key : `${key}.${index}`,
      value: chunk,
      url: baseURL,
      sameSite: 'Lax' as const,
    })),
  );
}
