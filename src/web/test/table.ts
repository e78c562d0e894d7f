import { screen, within } from '@testing-library/react';

/** The body rows of the table named `name` (the header row left out). */
export function bodyRowsOf(name: string): HTMLElement[] {
  const table = screen.getByRole('table', { name });
  return within(table).getAllByRole('row').slice(1);
}

/** An item that must be there; a missing one fails the test with a clear message. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined)
    throw new Error(`expected an item at index ${index}, found ${items.length} items`);
  return item;
}

export function cellsOf(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');
}
