// One definition per SQL function: across supabase/migrations, each function is created by exactly
// one `create [or replace] function` statement, so its whole definition is in one place. (Read from
// the files, since the database keeps only the last definition.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** Every function a migration creates, as `schema.name`, with the files that create it (once per statement). */
function functionDefinitions(dir = MIGRATIONS): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    // Comments out, so a function named in a comment is not counted.
    const sql = readFileSync(path.join(dir, file), 'utf8').replace(/--[^\n]*/g, '');
    for (const [, name] of sql.matchAll(/\bcreate\s+(?:or\s+replace\s+)?function\s+([\w."]+)\s*\(/gi)) {
      const bare = name.replace(/"/g, '').toLowerCase();
      const qualified = bare.includes('.') ? bare : `public.${bare}`;
      found.set(qualified, [...(found.get(qualified) ?? []), file]);
    }
  }
  return found;
}

it('no SQL function is defined twice in supabase/migrations', () => {
  const definitions = functionDefinitions();
  expect(definitions.size).toBeGreaterThan(0);
  const twice = [...definitions].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);
  expect(twice).toEqual([]);
});
