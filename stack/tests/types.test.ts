import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { generateTypes, TYPES_FILE } from '../gen-types.ts';
import { stack } from '../../testing/vitest.ts';

it('the committed database types match the migrations (run `npm run gen:types` after a schema change)', async () => {
  expect(await generateTypes(stack().dbUrl)).toBe(readFileSync(TYPES_FILE, 'utf8'));
});
