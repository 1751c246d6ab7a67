// Which database URL the functions use and how big their pool is (the pure part of db.ts, so Node
// can test it). See docs/decisions/edge-functions.md, "Reaching Postgres through the pooler".

/**
 * How long a function request may take before it is answered 503 `unavailable` with Retry-After,
 * whatever it waits on. A pooler keeps a query queued while it has no server
 * connection to give (Postgres down or at its cap): PgBouncer for query_wait_timeout (120 s),
 * longer than the gateway waits. postgres.js has no per-query time limit, and a server-side
 * statement_timeout never starts while the query is still in the pooler's queue; so the function
 * keeps time itself. The request's work may still finish afterwards: the student's client sends
 * it again with the same Idempotency-Key, which stores it once. See docs/decisions/edge-functions.md.
 */
export const REQUEST_DEADLINE_MS = 5_000;

export interface DatabaseConnection {
  url: string;
  /** True when the URL is the pooler's transaction mode (DB_POOLER_URL). */
  pooled: boolean;
  options: { max: number; idle_timeout: number; connect_timeout: number; prepare: boolean };
}

/**
 * `DB_POOLER_URL` (the transaction pooler, a secret of ours: hosted Supabase reserves names that
 * start with SUPABASE_) when set, else `SUPABASE_DB_URL` (the direct connection).
 *
 * At most 10 connections per instance either way, opened only when every open one is busy, so an
 * instance holds as many as its concurrent queries need, not the maximum. Pooled: closed after
 * 20 s idle (the pooler's client slots are shared by every instance of every function; the
 * pooler's own pool bounds the Postgres connections), and no prepared statements: in transaction mode the
 * next statement may run on another server connection, which never saw the PREPARE. Whether a
 * URL is pooled is decided by where it came from, whatever its port; a URL on the pooler's port
 * (6543) never prepares, wherever it came from.
 */
export function databaseConnection(env: (name: string) => string | undefined): DatabaseConnection {
  const poolerUrl = env('DB_POOLER_URL')?.trim();
  const url = poolerUrl || env('SUPABASE_DB_URL')?.trim();
  if (!url) throw new Error('Neither DB_POOLER_URL nor SUPABASE_DB_URL is set');
  const pooled = !!poolerUrl;
  // Supabase's transaction pooler listens on 6543: a SUPABASE_DB_URL that points there must not
  // prepare either.
  const transactionPort = new URL(url).port === '6543';
  const configured = Number.parseInt(env('DB_POOL_SIZE') ?? '', 10);
  const max = configured > 0 ? configured : 10;
  return {
    url,
    pooled,
    options: {
      max,
      // Seconds. A direct connection is a Postgres backend: give it back after a minute of quiet.
      idle_timeout: pooled ? 20 : 60,
      connect_timeout: 5,
      prepare: !pooled && !transactionPort,
    },
  };
}
