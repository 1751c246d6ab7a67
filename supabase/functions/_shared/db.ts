import postgres from 'postgres';

// One pool per function instance, reused across requests: a new connection per request would
// cost more than the insert it carries.
let pool: postgres.Sql | undefined;

export function db(): postgres.Sql {
  if (!pool) {
    const url = Deno.env.get('SUPABASE_DB_URL');
    if (!url) throw new Error('SUPABASE_DB_URL is not set');
    pool = postgres(url, {
      max: Number(Deno.env.get('DB_POOL_SIZE') ?? 10),
      idle_timeout: 30,
      connect_timeout: 5,
      // Supabase's transaction pooler (port 6543) does not support prepared statements.
      prepare: !url.includes(':6543'),
    });
  }
  return pool;
}
