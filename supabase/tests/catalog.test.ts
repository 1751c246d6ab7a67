// What the database itself says it holds (pg_catalog), checked against the access matrix and the
// schema's conventions: every table, view and function of `public` has a row in the matrix of
// rls.test.ts, every table has row-level security on, and every table, view and function (those
// of `private` too) says in a comment why it exists.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../testing/vitest.ts';
import { MATRIX_FUNCTIONS, MATRIX_TABLES, MATRIX_TRIGGER_FUNCTIONS } from './rls-matrix.ts';

interface Relation {
  name: string;
  kind: 'table' | 'view';
  rls: boolean;
  comment: string | null;
}

interface Routine {
  schema: 'public' | 'private';
  name: string;
  signature: string;
  trigger: boolean;
  definer: boolean;
  config: string[] | null;
  comment: string | null;
}

let relations: Relation[];
let routines: Routine[];

beforeAll(async () => {
  // Objects that belong to an extension are the extension's, not ours.
  const notFromExtension = (classId: string, oid: string) =>
    `not exists (select 1 from pg_catalog.pg_depend d where d.classid = '${classId}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;
  relations = (
    await db().query<Relation>(
      `select c.relname::text as name,
              case when c.relkind in ('r', 'p') then 'table' else 'view' end as kind,
              c.relrowsecurity as rls,
              pg_catalog.obj_description(c.oid, 'pg_class') as comment
       from pg_catalog.pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
         and ${notFromExtension('pg_catalog.pg_class', 'c.oid')}
       order by 1`,
    )
  ).rows;
  routines = (
    await db().query<Routine>(
      `select n.nspname::text as schema, p.proname::text as name, p.oid::regprocedure::text as signature,
              p.prorettype = 'pg_catalog.trigger'::regtype as trigger,
              p.prosecdef as definer,
              p.proconfig as config,
              pg_catalog.obj_description(p.oid, 'pg_proc') as comment
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.prokind in ('f', 'p')
         and ${notFromExtension('pg_catalog.pg_proc', 'p.oid')}
       order by 1, 2`,
    )
  ).rows;
});

const publicRoutines = () => routines.filter((r) => r.schema === 'public');

describe('the access matrix covers everything in public', () => {
  it('every table and view is in the matrix (and the matrix names no table that is gone)', () => {
    expect(relations.map((r) => r.name).sort()).toEqual([...MATRIX_TABLES].sort());
  });

  it('every function is in the matrix (and the matrix names no function that is gone)', () => {
    const names = [...new Set(publicRoutines().map((r) => r.name))].sort();
    expect(names).toEqual([...MATRIX_FUNCTIONS, ...MATRIX_TRIGGER_FUNCTIONS].sort());
  });

  it('the matrix lists trigger functions as triggers and callable functions as callable', () => {
    const triggers = publicRoutines()
      .filter((r) => r.trigger)
      .map((r) => r.name)
      .sort();
    expect(triggers).toEqual([...MATRIX_TRIGGER_FUNCTIONS].sort());
  });

  it('no function name is overloaded (the matrix and /rpc address functions by name)', () => {
    const signatures = publicRoutines().map((r) => r.signature);
    expect(signatures).toHaveLength(new Set(publicRoutines().map((r) => r.name)).size);
  });
});

describe('conventions', () => {
  it('every table has row-level security on', () => {
    expect(relations.filter((r) => r.kind === 'table' && !r.rls).map((r) => r.name)).toEqual([]);
  });

  it('every table and view has a one-line comment saying why it exists', () => {
    const missing = relations.filter((r) => !r.comment?.trim() || r.comment.includes('\n')).map((r) => r.name);
    expect(missing).toEqual([]);
  });

  it('every function, in public and private, has a one-line comment saying why it exists', () => {
    const missing = routines.filter((r) => !r.comment?.trim() || r.comment.includes('\n')).map((r) => r.signature);
    expect(missing).toEqual([]);
  });

  it('security definer functions run with an empty search_path', () => {
    const unsafe = routines.filter((r) => r.definer && !(r.config ?? []).includes('search_path=""')).map((r) => r.signature);
    expect(unsafe).toEqual([]);
  });

  it('policies read auth.uid() once per statement: (select auth.uid()), never a bare call per row', async () => {
    const { rows } = await db().query<{ policy: string; text: string }>(
      `select tablename || ': ' || policyname as policy, concat_ws(' ', qual, with_check) as text
       from pg_catalog.pg_policies where schemaname = 'public'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const bare = rows.filter((r) => /auth\.uid\(\)/.test(r.text.replace(/SELECT auth\.uid\(\)/g, ''))).map((r) => r.policy);
    expect(bare).toEqual([]);
  });
});
