// The stack `npm test` started, for Playwright tests: its addresses come through the environment.
import type { BrowserContext } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { StackInfo } from '../../../stack/config.ts';
import * as support from '../../../stack/clients.ts';

export { magicLink, pinnedClock, sixDigitCode, uniqueCourseCode, uniqueEmail } from '../../../stack/clients.ts';

export function stack(): StackInfo {
  const raw = process.env.CLASSPULSE_TEST_STACK;
  if (!raw) throw new Error('CLASSPULSE_TEST_STACK is not set: run the end-to-end tests with `npm test -- e2e`');
  return JSON.parse(raw) as StackInfo;
}

/** The same build on nginx with the configuration hosts are given (bench/nginx-site.conf), which `npm test` serves too (testing/run.ts). */
export function nginxUrl(): string {
  const url = process.env.CLASSPULSE_NGINX_URL;
  if (!url) throw new Error('CLASSPULSE_NGINX_URL is not set: npm test serves the build on nginx too (testing/run.ts)');
  return url;
}

export const db = () => support.databasePool(stack());
export const anonClient = () => support.createTestClient(stack(), 'anon');
export const serviceClient = () => support.createTestClient(stack(), 'service');
export const latestEmail = (email: string, since?: Date) => support.latestEmail(stack(), email, since);
export const signInWithEmailCode = (email?: string) => support.signInWithEmailCode(stack(), email);
export const signInWithAdminLink = (email: string) => support.signInWithAdminLink(stack(), email);

/** Puts `client`'s session into the browser context the way @supabase/ssr keeps it, so the app starts signed in. */
export async function putSessionInBrowser(context: BrowserContext, baseURL: string, client: SupabaseClient) {
  await context.addCookies(await support.sessionCookies(stack(), client, baseURL));
}
