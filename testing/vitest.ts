// Helpers for Vitest tests that run against the local stack (testing/global-setup.ts provides it).
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { inject } from 'vitest';
import type { StackInfo } from '../stack/config.ts';
import * as support from '../stack/clients.ts';

export { sixDigitCode, uniqueCourseCode, uniqueEmail, type SignedIn } from '../stack/clients.ts';

export function stack(): StackInfo {
  return inject('stack');
}

export const anonClient = (): SupabaseClient => support.createTestClient(stack(), 'anon');
export const tokenClient = (accessToken: string): SupabaseClient => support.createTokenClient(stack(), accessToken);
export const serviceClient = (): SupabaseClient => support.createTestClient(stack(), 'service');
export const db = (): pg.Pool => support.databasePool(stack());
export const latestEmail = (email: string, since?: Date) => support.latestEmail(stack(), email, since);
export const signInWithEmailCode = (email?: string) => support.signInWithEmailCode(stack(), email);
export const signInWithAdminLink = (email: string) => support.signInWithAdminLink(stack(), email);
