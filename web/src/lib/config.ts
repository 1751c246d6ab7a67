// Plain checks, no schema library: this module is in every page's first load, and even zod/mini's
// core costs ~14 KB gzip there (docs/architecture.md, "Page weight").

const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
// The public demo anon key every local Supabase stack uses; never a secret.
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface ApiConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Empty variables count as unset, so a blank `VITE_SUPABASE_URL=` falls back to the local stack. */
export function readApiConfig(env: Record<string, string | undefined>): ApiConfig {
  const config: ApiConfig = {
    supabaseUrl: (env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL).replace(/\/+$/, ''),
    supabaseAnonKey: env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
  };
  const invalid = [
    ...(isHttpUrl(config.supabaseUrl) ? [] : ['supabaseUrl']),
    ...(config.supabaseAnonKey.length >= 20 ? [] : ['supabaseAnonKey']),
  ];
  if (invalid.length > 0) {
    throw new Error(`Invalid web configuration (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY): ${invalid.join(', ')}`);
  }
  return config;
}

// Outside Vite (the build's own scripts import readApiConfig) there is no import.meta.env.
export const apiConfig = readApiConfig(import.meta.env ?? {});
