import postgres from 'postgres';

// One pool per function instance, reused across requests: a new connection per request would
// cost more than the insert it carries.
let pool: postgres.Sql | undefined;

const poolSize = () => Number(Deno.env.get('DB_POOL_SIZE') ?? 10);

export function db(): postgres.Sql {
  if (!pool) {
    const url = Deno.env.get('SUPABASE_DB_URL');
    if (!url) throw new Error('SUPABASE_DB_URL is not set');
    pool = postgres(url, {
      max: poolSize(),
      // Keep connections through a lecture: the burst at its end must not wait for new ones.
      idle_timeout: 600,
      connect_timeout: 5,
      // Supabase's transaction pooler (port 6543) does not support prepared statements.
      prepare: !url.includes(':6543'),
    });
  }
  return pool;
}

/**
 * Opens the whole pool now rather than during the first burst of requests (each new connection
 * costs a TCP and SCRAM handshake). Failures are ignored: requests connect on demand anyway.
 */
export function warmUp(): void {
  const sql = db();
  Promise.all(Array.from({ length: poolSize() }, () => sql`select 1`)).catch(() => {});
}
