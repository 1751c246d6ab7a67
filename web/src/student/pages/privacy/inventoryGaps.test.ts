import { describe, expect, test } from 'vitest';
import { DATA_INVENTORY } from './inventory';
import { inventoryGaps } from './inventoryGaps';

const inventory = [{ schema: 'public', name: 'courses', holds: '', readBy: '', kept: '', columns: ['id', 'code'] }] as const;
const column = (table: string, name: string, schema = 'public') => ({ schema, table, column: name });

describe('inventoryGaps', () => {
  test('finds nothing when both list the same tables and columns', () => {
    expect(inventoryGaps(inventory, [column('courses', 'id'), column('courses', 'code')])).toEqual([]);
  });

  test('names a new column', () => {
    expect(inventoryGaps(inventory, [column('courses', 'id'), column('courses', 'code'), column('courses', 'owner_email')])).toEqual([
      "column public.courses.owner_email is not in the privacy page's data inventory",
    ]);
  });

  test('names a new table with its columns, in any schema', () => {
    expect(
      inventoryGaps(inventory, [
        column('courses', 'id'),
        column('courses', 'code'),
        column('visits', 'ip', 'analytics'),
        column('visits', 'at', 'analytics'),
      ]),
    ).toEqual(["table analytics.visits (columns ip, at) is not in the privacy page's data inventory"]);
  });

  test('names what the inventory describes that the database no longer has', () => {
    expect(inventoryGaps(inventory, [column('courses', 'id')])).toEqual([
      'the data inventory names public.courses.code, which the database does not have',
    ]);
    expect(inventoryGaps(inventory, [])).toEqual(['the data inventory names table public.courses, which the database does not have']);
  });
});

describe('DATA_INVENTORY', () => {
  test('names each table once and each of its columns once', () => {
    const tables = DATA_INVENTORY.map((table) => `${table.schema}.${table.name}`);
    expect(new Set(tables).size).toBe(tables.length);
    for (const table of DATA_INVENTORY) expect(new Set(table.columns).size, table.name).toBe(table.columns.length);
  });
});
