import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListTable, TableCell, TableRow } from './table';

const COLUMNS = ['Batch ID', 'Actions'] as const;

function renderTable(rows: { id: number; action: string | null }[] | undefined) {
  render(
    <ListTable
      aria-label="Things"
      columns={COLUMNS}
      rows={rows}
      empty="Nothing here."
      renderRow={(row) => (
        <TableRow key={row.id}>
          <TableCell label="Batch ID">{row.id}</TableCell>
          <TableCell label="Actions">
            {row.action ? <button type="button">{row.action}</button> : null}
          </TableCell>
        </TableRow>
      )}
    />,
  );
  return screen.getByRole('table', { name: 'Things' });
}

describe('the shared table parts (cards below 640 px, see docs/decisions/027)', () => {
  it('keeps the table semantics and gives each cell its column label for the card layout', () => {
    const table = renderTable([{ id: 7, action: 'Export' }]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([...COLUMNS]);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => c.dataset.label)).toEqual([...COLUMNS]);
    expect(cells.map((c) => c.textContent)).toEqual(['7', 'Export']);
    // The value sits in one box beside the label; the header row stays for screen readers.
    expect(cells[0]?.children).toHaveLength(1);
    expect(table.querySelector('thead')?.className).toContain('max-sm:sr-only');
  });

  it('leaves an empty cell empty, so its card leaves the line out', () => {
    const table = renderTable([{ id: 8, action: null }]);
    const [, actions] = within(table).getAllByRole('cell');
    expect(actions).toBeEmptyDOMElement();
    expect(actions?.className).toContain('max-sm:empty:hidden');
  });

  it('shows the empty state as one cell across the columns', () => {
    renderTable([]);
    expect(screen.getByRole('cell', { name: 'Nothing here.' })).toHaveAttribute('colspan', '2');
  });

  it('shows the 5-row skeleton while loading', () => {
    renderTable(undefined);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
  });
});
