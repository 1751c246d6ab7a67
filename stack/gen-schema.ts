// `npm run gen:schema`: supabase/schema.sql, the current schema that supabase/migrations build,
// read back from a throw-away local database. A reference to read, in a fixed order (schemas,
// types, tables, views, functions, indexes, triggers, policies, grants), so it only changes when
// the schema does. Postgres writes every definition itself (pg_get_functiondef, pg_get_viewdef,
// pg_get_constraintdef, pg_get_indexdef, pg_get_triggerdef, pg_get_expr): pg_dump would, but the
// embedded Postgres ships no pg_dump and Debian 12's is version 15, which refuses a 17 server.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ROOT, SUPABASE_DIR } from './config.ts';
import { withTemporaryDatabase } from './temporary.ts';

export const SCHEMA_FILE = path.join(SUPABASE_DIR, 'schema.sql');

/** The schemas the migrations own. Triggers they put on other schemas' tables (auth.users) are included too. */
const SCHEMAS = ['public', 'private'];
/** The role that applies migrations, and so owns what they create: other owners are written out. */
const OWNER = 'postgres';

const HEADER = `-- GENERATED FILE: do not edit. \`npm run gen:schema\` writes it (stack/gen-schema.ts).
--
-- The database schema that supabase/migrations build, as Postgres describes it after applying
-- them all to a fresh local database. The migrations are the source: a change to the database is
-- a new migration, then \`npm run gen:schema\`; a test fails while this file is out of date.
-- Schemas ${SCHEMAS.join(' and ')}, and the triggers the migrations put on auth.users. Objects are owned by
-- ${OWNER} unless an "alter ... owner" says otherwise. Not meant to be run: read it to see what a
-- function or table looks like now, whichever migrations changed it.
`;

type Row = Record<string, unknown>;

/** The whole text of schema.sql for the database at `dbUrl`. */
export async function generateSchema(dbUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('set search_path = pg_catalog');
    const q = async <T extends Row>(sql: string) => (await client.query<T>(sql, sql.includes('$1') ? [SCHEMAS] : [])).rows;
    const out: string[] = [HEADER];
    const section = (title: string, statements: string[]) => {
      if (statements.length) out.push(`\n-- ${title} ${'-'.repeat(Math.max(3, 94 - title.length))}\n\n${statements.join('\n\n')}\n`);
    };
    const comment = (target: string, text: unknown) => (text == null ? '' : `\ncomment on ${target} is ${literal(String(text))};`);

    // Schemas and extensions.
    section(
      'Schemas',
      (
        await q<{ name: string; owner: string; comment: string | null }>(`
      select quote_ident(n.nspname) as name, quote_ident(pg_get_userbyid(n.nspowner)) as owner, obj_description(n.oid, 'pg_namespace') as comment
      from pg_namespace n where n.nspname = any ($1) and n.nspname <> 'public' order by 1`)
      ).map(
        (s) =>
          `create schema ${s.name};${s.owner !== OWNER ? `\nalter schema ${s.name} owner to ${s.owner};` : ''}${comment(`schema ${s.name}`, s.comment)}`,
      ),
    );
    section(
      'Extensions',
      (
        await q<{ name: string; schema: string }>(`
      select quote_ident(e.extname) as name, quote_ident(n.nspname) as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname <> 'plpgsql' order by 1`)
      ).map((e) => `create extension if not exists ${e.name} with schema ${e.schema};`),
    );

    // Types: enums, domains, composite types of their own.
    section(
      'Types',
      (
        await q<{ name: string; kind: string; labels: string[] | null; base: string | null; cols: string | null }>(`
      select format('%I.%I', n.nspname, t.typname) as name, t.typtype as kind,
        (select array_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels,
        case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod) ||
          coalesce(' ' || (select string_agg(pg_get_constraintdef(c.oid), ' ' order by c.conname) from pg_constraint c where c.contypid = t.oid), '') end as base,
        case when t.typtype = 'c' then (select string_agg(format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod)), ', ' order by a.attnum)
          from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) end as cols
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = any ($1) and (t.typtype in ('e', 'd') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))
      order by 1`)
      ).map((t) =>
        t.kind === 'e'
          ? `create type ${t.name} as enum (${(t.labels ?? []).map(literal).join(', ')});`
          : t.kind === 'd'
            ? `create domain ${t.name} as ${t.base};`
            : `create type ${t.name} as (${t.cols});`,
      ),
    );

    // Tables: columns, constraints (foreign keys last, so every table exists before them), RLS, comments.
    const tables = await q<{ oid: number; name: string; owner: string; rls: boolean; force: boolean; comment: string | null }>(`
      select c.oid, format('%I.%I', n.nspname, c.relname) as name, quote_ident(pg_get_userbyid(c.relowner)) as owner,
        c.relrowsecurity as rls, c.relforcerowsecurity as force, obj_description(c.oid, 'pg_class') as comment
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1) and c.relkind in ('r', 'p') order by 2`);
    const columns = await q<{
      rel: number;
      name: string;
      type: string;
      notnull: boolean;
      def: string | null;
      generated: string;
      identity: string;
      comment: string | null;
    }>(`
      select a.attrelid as rel, quote_ident(a.attname) as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull,
        pg_get_expr(d.adbin, d.adrelid) as def, a.attgenerated as generated, a.attidentity as identity,
        col_description(a.attrelid, a.attnum) as comment
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
      order by a.attrelid, a.attnum`);
    const constraints = await q<{ rel: number; name: string; type: string; def: string }>(`
      select c.conrelid as rel, quote_ident(c.conname) as name, c.contype as type, pg_get_constraintdef(c.oid) as def
      from pg_constraint c join pg_class r on r.oid = c.conrelid join pg_namespace n on n.oid = r.relnamespace
      where n.nspname = any ($1) and c.contype in ('p', 'u', 'c', 'x', 'f')
      order by c.conrelid, case c.contype when 'p' then 0 when 'u' then 1 when 'x' then 2 when 'c' then 3 else 4 end, c.conname`);
    const foreignKeys: string[] = [];
    section(
      'Tables',
      tables.map((t) => {
        const cols = columns.filter((c) => c.rel === t.oid);
        const lines = cols.map((c) => {
          let line = `  ${c.name} ${c.type}`;
          if (c.generated === 's') line += ` generated always as (${c.def}) stored`;
          else if (c.identity) line += ` generated ${c.identity === 'a' ? 'always' : 'by default'} as identity`;
          else if (c.def != null) line += ` default ${c.def}`;
          if (c.notnull) line += ' not null';
          return line;
        });
        for (const c of constraints.filter((k) => k.rel === t.oid)) {
          const statement = `constraint ${c.name} ${c.def}`;
          if (c.type === 'f') foreignKeys.push(`alter table ${t.name} add ${statement};`);
          else lines.push(`  ${statement}`);
        }
        let text = `create table ${t.name} (\n${lines.join(',\n')}\n);`;
        if (t.owner !== OWNER) text += `\nalter table ${t.name} owner to ${t.owner};`;
        if (t.rls) text += `\nalter table ${t.name} enable row level security;`;
        if (t.force) text += `\nalter table ${t.name} force row level security;`;
        text += comment(`table ${t.name}`, t.comment);
        for (const c of cols) text += comment(`column ${t.name}.${c.name}`, c.comment);
        return text;
      }),
    );
    section('Foreign keys', foreignKeys);

    // Sequences not behind an identity column.
    section(
      'Sequences',
      (
        await q<{ name: string; def: string }>(`
      select format('%I.%I', n.nspname, c.relname) as name,
        format('as %s increment by %s minvalue %s maxvalue %s start with %s cache %s%s', format_type(s.seqtypid, null), s.seqincrement,
          s.seqmin, s.seqmax, s.seqstart, s.seqcache, case when s.seqcycle then ' cycle' else '' end) as def
      from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1) and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'i')
      order by 1`)
      ).map((s) => `create sequence ${s.name} ${s.def};`),
    );

    // Views.
    section(
      'Views',
      (
        await q<{ name: string; kind: string; options: string[] | null; def: string; owner: string; comment: string | null }>(`
      select format('%I.%I', n.nspname, c.relname) as name, c.relkind as kind, c.reloptions as options,
        pg_get_viewdef(c.oid, true) as def, quote_ident(pg_get_userbyid(c.relowner)) as owner, obj_description(c.oid, 'pg_class') as comment
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1) and c.relkind in ('v', 'm') order by 1`)
      ).map((v) => {
        const kind = v.kind === 'm' ? 'materialized view' : 'view';
        const options = v.options?.length ? ` with (${v.options.join(', ')})` : '';
        let text = `create ${kind} ${v.name}${options} as\n${v.def.trimEnd().replace(/;$/, '')};`;
        if (v.owner !== OWNER) text += `\nalter ${kind} ${v.name} owner to ${v.owner};`;
        return text + comment(`${kind} ${v.name}`, v.comment);
      }),
    );

    // Functions, each whole, as Postgres has it now.
    section(
      'Functions',
      (
        await q<{ signature: string; def: string; owner: string; kind: string; comment: string | null }>(`
      select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as signature,
        pg_get_functiondef(p.oid) as def, quote_ident(pg_get_userbyid(p.proowner)) as owner, p.prokind as kind,
        obj_description(p.oid, 'pg_proc') as comment
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any ($1) and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by n.nspname, p.proname, 1`)
      ).map((f) => {
        const kind = f.kind === 'p' ? 'procedure' : 'function';
        let text = `${f.def.trimEnd()};`;
        if (f.owner !== OWNER) text += `\nalter ${kind} ${f.signature} owner to ${f.owner};`;
        return text + comment(`${kind} ${f.signature}`, f.comment);
      }),
    );

    // Indexes not behind a constraint.
    section(
      'Indexes',
      (
        await q<{ def: string }>(`
      select pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1) and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))
      order by n.nspname, (select relname from pg_class where oid = i.indrelid), c.relname`)
      ).map((i) => `${i.def};`),
    );

    // Triggers on the migrations' tables, and the migrations' triggers on other tables (auth.users).
    section(
      'Triggers',
      (
        await q<{ def: string; comment: string | null; target: string }>(`
      select pg_get_triggerdef(t.oid) as def, obj_description(t.oid, 'pg_trigger') as comment,
        format('trigger %I on %s', t.tgname, t.tgrelid::regclass) as target
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_proc p on p.oid = t.tgfoid join pg_namespace pn on pn.oid = p.pronamespace
      where not t.tgisinternal and (n.nspname = any ($1) or pn.nspname = any ($1))
      order by n.nspname, c.relname, t.tgname`)
      ).map((t) => `${t.def};${comment(t.target, t.comment)}`),
    );

    // Row-level security policies.
    section(
      'Policies',
      (
        await q<{
          name: string;
          rel: string;
          permissive: boolean;
          cmd: string;
          roles: string;
          qual: string | null;
          check: string | null;
          comment: string | null;
        }>(`
      select quote_ident(p.polname) as name, format('%I.%I', n.nspname, c.relname) as rel, p.polpermissive as permissive, p.polcmd as cmd,
        case when p.polroles = '{0}' then 'public' else (select string_agg(quote_ident(rolname), ', ' order by rolname) from pg_roles where oid = any (p.polroles)) end as roles,
        pg_get_expr(p.polqual, p.polrelid) as qual, pg_get_expr(p.polwithcheck, p.polrelid) as check,
        obj_description(p.oid, 'pg_policy') as comment
      from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1) order by 2, 1`)
      ).map((p) => {
        const cmd = { r: 'select', a: 'insert', w: 'update', d: 'delete', '*': 'all' }[p.cmd] ?? p.cmd;
        let text = `create policy ${p.name} on ${p.rel}\n  as ${p.permissive ? 'permissive' : 'restrictive'} for ${cmd} to ${p.roles}`;
        if (p.qual != null) text += `\n  using (${p.qual})`;
        if (p.check != null) text += `\n  with check (${p.check})`;
        return `${text};${comment(`policy ${p.name} on ${p.rel}`, p.comment)}`;
      }),
    );

    // Grants: every privilege a role other than the owner has (defaults included: a function's
    // execute for public shows here unless a migration revoked it).
    const grants = await q<{ object: string; grantee: string; privileges: string }>(`
      with objects as (
        select format('schema %I', n.nspname) as object, coalesce(n.nspacl, acldefault('n'::"char", n.nspowner)) as acl, n.nspowner as owner, 0 as rank
        from pg_namespace n where n.nspname = any ($1)
        union all
        select format('%s %I.%I', case when c.relkind = 'S' then 'sequence' else 'table' end, n.nspname, c.relname),
          coalesce(c.relacl, acldefault((case when c.relkind = 'S' then 's' else 'r' end)::"char", c.relowner)), c.relowner,
          case when c.relkind = 'S' then 2 else 1 end
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'S')
        union all
        select format('function %I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
          coalesce(p.proacl, acldefault('f'::"char", p.proowner)), p.proowner, 3
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any ($1) and p.prokind in ('f', 'p')
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      )
      select o.object, case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end as grantee,
        string_agg(a.privilege_type, ', ' order by a.privilege_type) ||
          case when bool_or(a.is_grantable) then ' (with grant option)' else '' end as privileges
      from objects o, aclexplode(o.acl) a
      where a.grantee <> o.owner
      group by o.rank, o.object, a.grantee
      order by o.rank, o.object, 2`);
    const columnGrants = await q<{ object: string; grantee: string; privileges: string }>(`
      select format('%I.%I', n.nspname, c.relname) as object,
        case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end as grantee,
        format('%s (%s)', a.privilege_type, string_agg(quote_ident(att.attname), ', ' order by att.attnum)) as privileges
      from pg_attribute att join pg_class c on c.oid = att.attrelid join pg_namespace n on n.oid = c.relnamespace,
        aclexplode(att.attacl) a
      where n.nspname = any ($1) and att.attacl is not null
      group by 1, 2, a.privilege_type order by 1, 2, 3`);
    // One statement per object and set of privileges, naming every grantee that has it.
    const ALL_TABLE = 'delete, insert, maintain, references, select, trigger, truncate, update';
    const statements = new Map<string, string[]>();
    for (const g of grants) {
      const grantable = g.privileges.endsWith(' (with grant option)');
      const privileges = g.privileges.replace(' (with grant option)', '').toLowerCase().replace(ALL_TABLE, 'all');
      const key = `grant ${privileges} on ${g.object} to %s${grantable ? ' with grant option' : ''};`;
      statements.set(key, [...(statements.get(key) ?? []), g.grantee]);
    }
    for (const g of columnGrants) {
      const key = `grant ${g.privileges.toLowerCase()} on table ${g.object} to %s;`;
      statements.set(key, [...(statements.get(key) ?? []), g.grantee]);
    }
    section('Grants', [[...statements].map(([text, grantees]) => text.replace('%s', grantees.join(', '))).join('\n')]);

    return `${out.join('').trimEnd()}\n`;
  } finally {
    await client.end();
  }
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(SCHEMA_FILE, await withTemporaryDatabase(generateSchema));
  console.log(`wrote ${path.relative(ROOT, SCHEMA_FILE)}`);
}
