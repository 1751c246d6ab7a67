import type { SupabaseClient } from '@supabase/supabase-js';
import { apiConfig } from './config';
import type { Database } from './database';
import { toApiError } from './errors';

let authClient: Promise<SupabaseClient<Database>> | undefined;

/**
 * The full supabase-js client (auth, cookies, PKCE). It is ~50 KB gzip, so it is imported on demand:
 * only when a session cookie exists or a professor feature (sign-in, sign-out) needs it.
 */
export function loadAuthClient(): Promise<SupabaseClient<Database>> {
  authClient ??= import('@supabase/ssr')
    .then(({ createBrowserClient }) =>
      createBrowserClient<Database>(apiConfig.supabaseUrl, apiConfig.supabaseAnonKey, { db: { retry: false } }),
    )
    .catch((error: unknown) => {
      authClient = undefined; // a failed chunk download (offline, new deploy) may succeed next time
      throw toApiError(error);
    });
  return authClient;
}
