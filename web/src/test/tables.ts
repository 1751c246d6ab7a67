import { within } from '@testing-library/dom';

/** A table's body, as the text of each cell, row by row. */
export const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
