// Supabase clients an edge function opens for one request. None keeps a session: the function
// acts for its caller (their JWT) or, where it must, as the service role, and forgets it after.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
const env = (name: string) => Deno.env.get(name)!;

/**
 * A PostgREST client acting as the caller, with the request's own `Authorization: Bearer …`, so
 * row-level security and the SQL functions decide what it may do; null when the request has none.
 */
export function callerClient(authorization: string | undefined): SupabaseClient<Database> | null {
  if (!authorization?.toLowerCase().startsWith('bearer ')) return null;
  return createClient<Database>(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    ...options,
    global: { headers: { Authorization: authorization } },
  });
}

/** A client with the anon key alone (what a visitor's browser would be). */
export const anonClient = () => createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), options);

/** A client with the service role key: only for what the caller cannot do (Auth's admin API). */
export const serviceRoleClient = () => createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), options);
