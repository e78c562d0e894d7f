import type { ComponentProps, ReactNode } from 'react';
import { SKELETON_ROWS } from '../../../contract/constants';
import { cn } from '../../lib/cn';

/*
 * Below 640 px every table turns into a list of cards (docs/decisions/027): the header row leaves
 * the screen but stays in the accessibility tree, each row becomes a card, and each cell shows its
 * column's name from its `data-label` (TableCell's `label`) before its value. From 640 px up it is
 * an ordinary table. The classes are exported for tables that are not built from these parts.
 */
export const cardTableClasses = {
  wrapper: 'w-full sm:overflow-x-auto',
  table: 'w-full caption-bottom text-sm max-sm:block',
  header: 'border-b border-line bg-surface-muted max-sm:sr-only',
  body: 'divide-y divide-line-soft max-sm:flex max-sm:flex-col max-sm:gap-3 max-sm:divide-y-0 max-sm:p-3',
  row: 'hover:bg-surface-hover/60 max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:rounded-lg max-sm:border max-sm:border-line max-sm:bg-surface max-sm:p-3 max-sm:hover:bg-surface',
  head: 'h-10 px-4 text-left align-middle text-xs font-semibold uppercase tracking-wide text-fg-subtle',
  cell: 'px-4 py-3 align-middle max-sm:flex max-sm:items-baseline max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:empty:hidden max-sm:data-label:before:w-28 max-sm:data-label:before:shrink-0 max-sm:data-label:before:text-xs max-sm:data-label:before:font-sans max-sm:data-label:before:font-semibold max-sm:data-label:before:tracking-wide max-sm:data-label:before:text-fg-subtle max-sm:data-label:before:uppercase max-sm:data-label:before:content-[attr(data-label)]',
  /** Holds a cell's value: a box beside the label in a card, no box at all in the table. */
  value: 'min-w-0 flex-1 break-words sm:contents',
  skeletonRow:
    'max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:rounded-lg max-sm:border max-sm:border-line max-sm:p-3',
  skeletonCell: 'px-4 py-3 max-sm:block max-sm:p-0',
  emptyRow: 'max-sm:block',
  emptyCell: 'px-4 py-10 text-center text-sm text-fg-subtle max-sm:block',
} as const;

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className={cardTableClasses.wrapper}>
      <table className={cn(cardTableClasses.table, className)} {...props} />
    </div>
  );
}

export function TableHeader(props: ComponentProps<'thead'>) {
  return <thead className={cardTableClasses.header} {...props} />;
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody className={cardTableClasses.body} {...props} />;
}

/**
 * Parts of a table that draws its own phone card (the Jobs list): `card={false}` keeps the
 * desktop classes of a row or cell and leaves the labelled card's out, so the caller's `max-sm:`
 * classes have nothing to fight (there is no tailwind-merge).
 */
const ownCard = { row: 'hover:bg-surface-hover/60', cell: 'px-4 py-3 align-middle' } as const;

export function TableRow({
  className,
  card = true,
  ...props
}: ComponentProps<'tr'> & { card?: boolean }) {
  return <tr className={cn(card ? cardTableClasses.row : ownCard.row, className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn(cardTableClasses.head, className)} {...props} />;
}

/** A cell; `label` is its column's name, shown before the value when the table is a card. */
export function TableCell({
  className,
  label,
  card = true,
  children,
  ...props
}: ComponentProps<'td'> & { label?: string; card?: boolean }) {
  if (!card) {
    return (
      <td className={cn(ownCard.cell, className)} {...props}>
        {children}
      </td>
    );
  }
  // An empty cell stays empty (no value box), so a card can leave it out.
  const empty = children === null || children === undefined || children === false;
  return (
    <td data-label={label} className={cn(cardTableClasses.cell, className)} {...props}>
      {empty ? null : <div className={cardTableClasses.value}>{children}</div>}
    </td>
  );
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
        <tr
          key={r}
          data-testid="skeleton-row"
          aria-hidden="true"
          className={cardTableClasses.skeletonRow}
        >
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className={cardTableClasses.skeletonCell}>
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
    <tr className={cardTableClasses.emptyRow}>
      <td colSpan={columns} className={cardTableClasses.emptyCell}>
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
