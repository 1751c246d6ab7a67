// Helpers for tests that run against the local stack (see stack/tests/global-setup.ts).
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { inject } from 'vitest';
import type { StackInfo } from './stack.ts';

export function stack(): StackInfo {
  return inject('stack');
}

// Node 20 has no global WebSocket; supabase-js builds its realtime client eagerly and needs one.
const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

export function anonClient(): SupabaseClient {
  return createClient(stack().apiUrl, stack().anonKey, clientOptions);
}

export function serviceClient(): SupabaseClient {
  return createClient(stack().apiUrl, stack().serviceRoleKey, clientOptions);
}

let pool: pg.Pool | undefined;
/** A superuser connection straight to Postgres, for arranging data and checking rows. */
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: stack().dbUrl, max: 4 });
  return pool;
}

export function uniqueEmail(prefix = 'professor'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.edu`;
}

/** A course code no other test uses, e.g. "T 3F9A21". */
export function uniqueCourseCode(prefix = 'T'): string {
  return `${prefix} ${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

interface InboxMessage {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
}

/** The newest e-mail sent to `email`, as the local inbox (Mailpit-compatible) holds it. */
export async function latestEmail(email: string): Promise<InboxMessage> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const res = await fetch(`${stack().inboxUrl}/api/v1/latest?to=${encodeURIComponent(email)}`);
    if (res.ok) return (await res.json()) as InboxMessage;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no e-mail arrived for ${email}`);
}

export function sixDigitCode(message: InboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.Text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the e-mail: ${message.Text}`);
  return code;
}

export interface SignedIn {
  client: SupabaseClient;
  userId: string;
  email: string;
  accessToken: string;
}

/** Signs a (new) professor in the way a person does: e-mail code from the inbox. */
export async function signInWithEmailCode(email = uniqueEmail()): Promise<SignedIn> {
  const client = anonClient();
  const { error } = await client.auth.signInWithOtp({ email });
  if (error) throw error;
  const code = sixDigitCode(await latestEmail(email));
  const { data, error: verifyError } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
  if (verifyError || !data.session || !data.user) throw verifyError ?? new Error('no session');
  return { client, userId: data.user.id, email, accessToken: data.session.access_token };
}
