// The transaction pooler, locally: `npm start` hands DB_POOLER_URL to the functions when it is
// set, and tests run PgBouncer (Debian's) in transaction mode in front of the stack's Postgres,
// so anything that needs a session (prepared statements, `set`, advisory locks) fails as it
// would through Supabase's pooler on port 6543 (docs/decisions/edge-functions.md).
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import getPort from 'get-port';
import pg from 'pg';
import { ensureDebianPackages } from './debian.ts';
import { type Log, waitUntil } from './processes.ts';

/** `npm start`'s DB_POOLER_URL, passed on to the functions (nothing when it is not set). */
export function poolerFunctionEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const url = env.DB_POOLER_URL?.trim();
  return url ? { DB_POOLER_URL: url } : {};
}

export const PGBOUNCER = '/usr/sbin/pgbouncer';

/** Installs Debian's PgBouncer when it is missing (as root). */
export async function ensurePgbouncer(purpose: string) {
  await ensureDebianPackages({ name: 'PgBouncer', files: [PGBOUNCER], packages: ['pgbouncer'], purpose });
}

export interface RunningPgbouncer {
  /** The URL the functions take as DB_POOLER_URL (same user, password and database as `dbUrl`). */
  url: string;
  port: number;
  /** Stops PgBouncer at once (SIGTERM); the port then refuses connections. */
  stop(): Promise<void>;
}

/**
 * Whether PgBouncer takes clients: asked of its admin console, which needs no server connection
 * (a benchmark starts it while Postgres has no slot to give).
 */
async function takesClients(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/pgbouncer'), connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('show version');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface PgbouncerOptions {
  /** Server connections per user and database (2: a small pool, so statements move between them). */
  serverPoolSize?: number;
  /** Client connections it accepts (200, the smallest hosted compute's pooler client limit). */
  maxClientConn?: number;
  /** Seconds an unused server connection is kept (PgBouncer's default, 600). */
  serverIdleTimeoutS?: number;
}

/**
 * PgBouncer in transaction mode on a free port in front of the Postgres of `dbUrl`, with a small
 * server pool (so clients' statements really do move between server connections), authenticating
 * clients with SCRAM from a userlist holding the local password. Call ensurePgbouncer first.
 */
export async function startPgbouncer(
  opts: PgbouncerOptions & { dbUrl: string; log?: Log; /** A free one unless given (a restart keeps its port). */ port?: number },
): Promise<RunningPgbouncer> {
  const db = new URL(opts.dbUrl);
  const user = decodeURIComponent(db.username);
  const password = decodeURIComponent(db.password);
  const database = db.pathname.slice(1) || 'postgres';
  const port = opts.port ?? (await getPort());
  const dir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-pgbouncer-'));
  // As root PgBouncer must drop to another user (-u postgres), who must read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o755);
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
  await writeFile(path.join(dir, 'userlist.txt'), `${quote(user)} ${quote(password)}\n`, { mode: 0o644 });
  await writeFile(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${db.hostname} port=${db.port || 5432} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = scram-sha-256',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      // The admin console (database `pgbouncer`), so a test can read the mode back.
      `admin_users = ${user}`,
      `default_pool_size = ${opts.serverPoolSize ?? 2}`,
      `max_client_conn = ${opts.maxClientConn ?? 200}`,
      ...(opts.serverIdleTimeoutS === undefined ? [] : [`server_idle_timeout = ${opts.serverIdleTimeoutS}`]),
      'server_login_retry = 1',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const log = opts.log ?? (() => {});
  const child: ResultPromise = execa(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], {
    cleanup: true,
    reject: false,
    stdin: 'ignore',
    buffer: false,
    forceKillAfterDelay: 3000,
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[pgbouncer] ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  let exited = false;
  void child.then(() => {
    exited = true;
  });

  const url = `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await child;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const started = await waitUntil(() => takesClients(url), { exited: () => exited, timeoutMs: 30_000 });
  if (started !== 'ready') {
    await stop();
    throw new Error(`PgBouncer did not start on port ${port}${started === 'exited' ? ' (it exited; see its log)' : ''}`);
  }
  return { url, port, stop };
}
