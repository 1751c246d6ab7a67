// The LTI tests' privacy scan: nothing the LMS said about a person may be stored anywhere.
import { expect } from 'vitest';
import { db } from '../../../testing/vitest.ts';

export /** Every text-like value in every schema (ours, auth's, the stack's) that holds one of the needles. */
async function findStored(needles: string[]): Promise<string[]> {
  const { rows: columns } = await db().query<{ schema: string; name: string; columns: string[] }>(
    `select c.table_schema as schema, c.table_name as name, array_agg(c.column_name::text) as columns
     from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema not in ('pg_catalog', 'information_schema') and t.table_type = 'BASE TABLE'
       and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
     group by 1, 2`,
  );
  expect(columns.map((c) => `${c.schema}.${c.name}`)).toEqual(
    expect.arrayContaining(['private.lti_launch_refusals', 'private.lti_login_states', 'public.submissions', 'auth.users']),
  );
  const found: string[] = [];
  for (const { schema, name, columns: cols } of columns) {
    const text = `concat_ws(' ', ${cols.map((c) => `"${c}"::text`).join(', ')})`;
    const { rows } = await db().query(`select ${text} as value from "${schema}"."${name}" where ${text} ilike any ($1::text[]) limit 3`, [
      needles.map((n) => `%${n.replace(/[\\%_]/g, (m) => `\\${m}`)}%`),
    ]);
    found.push(...rows.map((r) => `${schema}.${name}: ${String(r.value).slice(0, 200)}`));
  }
  return found;
}
