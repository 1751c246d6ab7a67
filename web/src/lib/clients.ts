import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { loadAuthClient } from './authClient';
import { apiConfig } from './config';
import type { Database } from './database';
import { withPrefetched } from './prefetched';
import { authStorageKey, hasSessionCookie } from './sessionCookie';

export interface DataClients {
  /** PostgREST, typed with the generated `Database`: tables, columns and RPC arguments are checked. */
  db: PostgrestClient<Database>;
  functions: FunctionsClient;
}

const anonHeaders = {
  apikey: apiConfig.supabaseAnonKey,
  Authorization: `Bearer ${apiConfig.supabaseAnonKey}`,
};

// Looks `fetch` up on every call rather than once at start, so tests and tools can replace it.
const globalFetch: typeof fetch = (input, init) => fetch(input, init);

function createDataClients(fetchImpl = globalFetch): DataClients {
  return {
    // The seed never retries; postgrest-js would retry GETs three times by default.
    db: new PostgrestClient<Database>(`${apiConfig.supabaseUrl}/rest/v1`, { headers: anonHeaders, fetch: fetchImpl, retry: false }),
    functions: new FunctionsClient(`${apiConfig.supabaseUrl}/functions/v1`, {
      headers: anonHeaders,
      customFetch: fetchImpl,
    }),
  };
}

/**
 * Students' clients: PostgREST and functions only (~5 KB), always with the anon key; the first
 * reads may already be under way (the course page asks for its course before the app has loaded).
 */
const anonymousClients = createDataClients(withPrefetched(globalFetch));

let signedInClients: Promise<DataClients> | undefined;

/** The same clients, sending the professor's access token (when the session is still valid) so RLS sees them. */
function loadSignedInClients(): Promise<DataClients> {
  signedInClients ??= loadAuthClient().then((supabase) =>
    createDataClients(async (input, init) => {
      const { data } = await supabase.auth.getSession();
      const headers = new Headers(init?.headers);
      if (data.session) headers.set('Authorization', `Bearer ${data.session.access_token}`);
      return globalFetch(input, { ...init, headers });
    }),
  );
  signedInClients.catch(() => {
    signedInClients = undefined;
  });
  return signedInClients;
}

const sessionStorageKey = authStorageKey(apiConfig.supabaseUrl);

export function sessionMayExist(): boolean {
  return typeof document !== 'undefined' && hasSessionCookie(document.cookie, sessionStorageKey);
}

/** The clients for the next call: signed-in ones only when a session cookie is present. */
export function dataClients(): Promise<DataClients> {
  return sessionMayExist() ? loadSignedInClients() : Promise.resolve(anonymousClients);
}
