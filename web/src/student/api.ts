/** The light pages' requests to the API, made as the app's façade makes them (web/src/shared/api/). */
import { apiConfig } from '../lib/config';

export const API_KEYS = {
  apikey: apiConfig.supabaseAnonKey,
  authorization: `Bearer ${apiConfig.supabaseAnonKey}`,
};

/** A public read as the façade makes it, answered as JSON; anything else is a failure. */
export async function read<T>(path: string, headers?: Record<string, string>): Promise<T> {
  const url = new URL(`${apiConfig.supabaseUrl}${path}`);
  // The key in the query (as Supabase's gateway takes it) where nothing else needs a header: no CORS preflight.
  if (!headers) url.searchParams.set('apikey', apiConfig.supabaseAnonKey);
  const response = await fetch(url, headers ? { headers: { ...API_KEYS, ...headers } } : undefined);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}
