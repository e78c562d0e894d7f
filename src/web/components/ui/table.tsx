import type { ComponentProps, ReactNode } from 'react';
import { SKELETON_ROWS } from '../../../contract/constants';
import { cn } from '../../lib/cn';

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="w-full overflow-x-auto">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader(props: ComponentProps<'thead'>) {
  return <thead className="border-b border-line bg-surface-muted" {...props} />;
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody className="divide-y divide-line-soft" {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('hover:bg-surface-hover/60', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 px-4 text-left align-middle text-xs font-semibold uppercase tracking-wide text-fg-subtle',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle', className)} {...props} />;
}

/** DESIGN.md: loading shows 5 placeholder rows inside the body, under the real header. */
export function TableSkeleton({
  columns,
  rows = SKELETON_ROWS,
}: {
  columns: number;
  rows?: number;
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} data-testid="skeleton-row" aria-hidden="true">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className="px-4 py-3">
              <div className="h-4 w-full max-w-32 animate-pulse rounded bg-line" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function TableEmpty({ columns, children }: { columns: number; children: string }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-10 text-center text-sm text-fg-subtle">
        {children}
      </td>
    </tr>
  );
}

interface ListTableProps<T> extends Omit<ComponentProps<'table'>, 'children'> {
  /** The column headings, in order. */
  columns: readonly string[];
  /** The rows; undefined while the first load is under way (then the skeleton shows). */
  rows: readonly T[] | undefined;
  /** SPEC.md's empty-state text. */
  empty: string;
  renderRow: (row: T) => ReactNode;
}

/** A screen's list: its header, then the 5-row skeleton, the empty state, or the rows. */
export function ListTable<T>({ columns, rows, empty, renderRow, ...props }: ListTableProps<T>) {
  return (
    <Table {...props}>
      <TableHeader>
        <TableRow>
          {columns.map((c) => (
            <TableHead key={c}>{c}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows === undefined ? (
          <TableSkeleton columns={columns.length} />
        ) : rows.length === 0 ? (
          <TableEmpty columns={columns.length}>{empty}</TableEmpty>
        ) : (
          rows.map(renderRow)
        )}
      </TableBody>
    </Table>
  );
}
