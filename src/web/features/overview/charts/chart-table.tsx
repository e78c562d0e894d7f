import { useId } from 'react';
import type { CsvValue } from './csv';
import { formatNumber } from './format';

export interface TableColumn {
  label: string;
  /** How the table shows a number of this column; the CSV keeps the number itself. */
  format?: (value: number) => string;
}

/**
 * A chart's data as rows: what "Show as table" shows and what "Download CSV" writes. The first
 * column names the row (a day, a company, a stage).
 */
export interface ChartData {
  columns: readonly TableColumn[];
  rows: readonly (readonly CsvValue[])[];
}

function show(value: CsvValue, column: TableColumn | undefined): string {
  if (value === null) return '–';
  if (typeof value === 'string') return value;
  return column?.format ? column.format(value) : formatNumber(value);
}

/**
 * The table alternative. It scrolls inside its own box, both ways, so a year of days or a wide
 * row never scrolls the page; the box takes the focus so the keyboard can scroll it too.
 */
export function ChartTable({ title, data }: { title: string; data: ChartData }) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-md border border-line"
    >
      <table className="w-full text-sm">
        <caption id={captionId} className="sr-only">
          {title}
        </caption>
        <thead className="sticky top-0 bg-surface-muted">
          <tr>
            {data.columns.map((column, c) => (
              <th
                key={c}
                scope="col"
                className="px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-fg-subtle"
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line-soft">
          {data.rows.map((row, r) => (
            <tr key={r}>
              {row.map((value, c) =>
                c === 0 ? (
                  <th key={c} scope="row" className="px-3 py-1.5 text-left font-medium text-fg">
                    {show(value, data.columns[c])}
                  </th>
                ) : (
                  <td key={c} className="px-3 py-1.5 whitespace-nowrap text-fg-soft tabular-nums">
                    {show(value, data.columns[c])}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
