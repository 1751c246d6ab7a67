import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { generateSchema, SCHEMA_FILE } from '../gen-schema.ts';
import { stack } from '../../testing/vitest.ts';

it('the committed supabase/schema.sql matches the migrations (run `npm run gen:schema` after a schema change)', async () => {
  expect(await generateSchema(stack().dbUrl)).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
});
