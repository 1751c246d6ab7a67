import postgres from 'postgres';
import { databaseConnection } from './db-config.ts';

// One pool per function instance, reused across requests: a new connection per request would
// cost more than the insert it carries. Connections open on demand and close when idle; nothing
// is opened ahead (many instances each holding connections they do not use would fill the
// pooler's client slots). The URL and sizes: db-config.ts.
let pool: postgres.Sql | undefined;

export function db(): postgres.Sql {
  if (!pool) {
    const { url, options } = databaseConnection((name) => Deno.env.get(name));
    pool = postgres(url, options);
  }
  return pool;
}
