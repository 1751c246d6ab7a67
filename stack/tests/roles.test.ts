// The local database is as strict as a hosted project's: `postgres` (what migrations, the seed,
// the functions' pool and the tests' pool connect as) is not a superuser, and the API roles cannot
// touch the auth tables (stack/sql/00-bootstrap.sql).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE, adminDatabaseUrl } from '../postgres.ts';
import { db, stack } from '../../testing/vitest.ts';

describe('roles as on hosted Supabase', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminDatabaseUrl(Number(new URL(stack().dbUrl).port)) });
    await admin.connect();
  });
  afterAll(async () => admin?.end());

  it('postgres is not a superuser, with the attributes and memberships it has on hosted', async () => {
    const { rows } = await db().query(
      `select current_user as me, rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls
       from pg_roles where rolname = current_user`,
    );
    expect(rows[0]).toEqual({
      me: 'postgres',
      rolsuper: false,
      rolcreaterole: true,
      rolcreatedb: true,
      rolreplication: true,
      rolbypassrls: true,
    });
    const { rows: superusers } = await admin.query(`select rolname from pg_roles where rolsuper order by 1`);
    expect(superusers.map((r) => r.rolname)).toEqual([ADMIN_ROLE]);
    const { rows: memberships } = await db().query(
      `select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
       where m.member = 'postgres'::regrole order by 1`,
    );
    expect(memberships.map((r) => r.rolname)).toEqual(
      expect.arrayContaining(['anon', 'authenticated', 'service_role', 'supabase_auth_admin', 'pg_monitor']),
    );
  });

  it('postgres cannot do what only a superuser can', async () => {
    await expect(db().query(`alter system set work_mem = '8MB'`)).rejects.toThrow(/permission denied/);
    await expect(db().query(`create extension if not exists file_fdw`)).rejects.toThrow(/permission denied|must be superuser/i);
  });

  it('auth.users has row-level security on with no policy, and no grant to the API roles', async () => {
    const { rows } = await db().query(
      `select c.relrowsecurity, (select count(*)::int from pg_policies p where p.schemaname = 'auth' and p.tablename = 'users') as policies
       from pg_class c where c.oid = 'auth.users'::regclass`,
    );
    expect(rows[0]).toEqual({ relrowsecurity: true, policies: 0 });
    const { rows: grants } = await db().query(
      `select grantee, privilege_type from information_schema.role_table_grants
       where table_schema = 'auth' and table_name = 'users' and grantee in ('anon', 'authenticated', 'service_role')`,
    );
    expect(grants).toEqual([]);
    const { rows: can } = await db().query(
      `select has_table_privilege('service_role', 'auth.users', 'select') as service_role,
              has_table_privilege('postgres', 'auth.users', 'select, insert, update, delete') as postgres`,
    );
    expect(can[0]).toEqual({ service_role: false, postgres: true });
  });
});
