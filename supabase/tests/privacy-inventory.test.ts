// The privacy page's data inventory (web/src/student/pages/privacy/inventory.ts) against what the
// database holds: a new table, column or schema of ours fails here until the page describes it.
import { describe, expect, it } from 'vitest';
import { db } from '../../testing/vitest.ts';
import { DATA_INVENTORY, INVENTORY_SCHEMAS } from '../../web/src/student/pages/privacy/inventory.ts';
import { type CatalogColumn, inventoryGaps } from '../../web/src/student/pages/privacy/inventoryGaps.ts';

// Schemas of Postgres and of the Supabase platform (auth, extensions, storage, …), not of our migrations.
const PLATFORM_SCHEMAS = [
  'information_schema',
  'auth',
  'extensions',
  'storage',
  'realtime',
  '_realtime',
  'graphql',
  'graphql_public',
  'vault',
  'pgsodium',
  'pgsodium_masks',
  'net',
  'cron',
  'supabase_functions',
  'supabase_migrations',
  'pgbouncer',
  '_analytics',
];

const ourSchemas = `n.nspname not like 'pg\\_%' and n.nspname <> all ($1::text[])`;

describe("the privacy page's data inventory", () => {
  it('covers every schema our migrations create', async () => {
    const { rows } = await db().query<{ name: string }>(
      `select n.nspname::text as name from pg_catalog.pg_namespace n where ${ourSchemas} order by 1`,
      [PLATFORM_SCHEMAS],
    );
    expect(rows.map((row) => row.name)).toEqual([...INVENTORY_SCHEMAS].sort());
  });

  it('names every table and column of those schemas, and none that is gone', async () => {
    // Tables, partitioned tables and materialized views: whatever keeps rows. Objects that belong
    // to an extension are the extension's, not ours.
    const { rows } = await db().query<CatalogColumn>(
      `select n.nspname::text as schema, c.relname::text as table, a.attname::text as column
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       where ${ourSchemas} and c.relkind in ('r', 'p', 'm')
         and not exists (select 1 from pg_catalog.pg_depend d
                         where d.classid = 'pg_catalog.pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
       order by 1, 2, a.attnum`,
      [PLATFORM_SCHEMAS],
    );
    expect(rows.length).toBeGreaterThan(100);
    expect(inventoryGaps(DATA_INVENTORY, rows)).toEqual([]);
  });
});
