import type { InventoryTable } from './inventory';

/** A column as the database catalog lists it. */
export interface CatalogColumn {
  schema: string;
  table: string;
  column: string;
}

/**
 * What the inventory and the database disagree on, one sentence each: a table or column the
 * database has and the inventory does not name, and one the inventory names that is gone.
 */
export function inventoryGaps(inventory: readonly InventoryTable[], catalog: readonly CatalogColumn[]): string[] {
  const described = new Map(inventory.map((table) => [`${table.schema}.${table.name}`, new Set(table.columns)]));
  const actual = new Map<string, Set<string>>();
  for (const { schema, table, column } of catalog) {
    const name = `${schema}.${table}`;
    actual.set(name, (actual.get(name) ?? new Set()).add(column));
  }
  const gaps: string[] = [];
  for (const [table, columns] of actual) {
    const known = described.get(table);
    if (!known) {
      gaps.push(`table ${table} (columns ${[...columns].join(', ')}) is not in the privacy page's data inventory`);
      continue;
    }
    for (const column of columns) {
      if (!known.has(column)) gaps.push(`column ${table}.${column} is not in the privacy page's data inventory`);
    }
    for (const column of known) {
      if (!columns.has(column)) gaps.push(`the data inventory names ${table}.${column}, which the database does not have`);
    }
  }
  for (const table of described.keys()) {
    if (!actual.has(table)) gaps.push(`the data inventory names table ${table}, which the database does not have`);
  }
  return gaps.sort();
}
