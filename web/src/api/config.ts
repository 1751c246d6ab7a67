// zod/mini keeps this module in every page's first load at ~2 KB instead of classic zod's ~14 KB.
import * as z from 'zod/mini';

const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
// The public demo anon key every local Supabase stack uses; never a secret.
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const ConfigSchema = z.object({
  supabaseUrl: z.url(),
  supabaseAnonKey: z.string().check(z.minLength(20)),
});

export type ApiConfig = z.infer<typeof ConfigSchema>;

/** Empty variables count as unset, so a blank `VITE_SUPABASE_URL=` falls back to the local stack. */
export function readApiConfig(env: Record<string, string | undefined>): ApiConfig {
  const result = ConfigSchema.safeParse({
    supabaseUrl: (env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL).replace(/\/+$/, ''),
    supabaseAnonKey: env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
  });
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid web configuration (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY): ${fields}`);
  }
  return result.data;
}

export const apiConfig = readApiConfig(import.meta.env);
