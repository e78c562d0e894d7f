import type { ComponentProps, ReactNode } from 'react';
import { FitBadge } from '../../../components/fit/fit-band';
import { TableCell, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import type { JobListItem } from '../api/jobs-schema';
import { Highlight } from './highlight';
import { ClosedBadge } from '../../../components/job-facts/closed-badge';
import { EasyApplyBadge, StateBadge } from './job-cells';

/*
 * A job's row: a table row from 640 px up, and below it a card that reads like a job
 * (docs/decisions/033): the title with its badges wrapping under it, "company · location", then
 * "posted · salary · applicants" on a quiet line, the checkbox in the top right corner, and the
 * whole card the target that opens the panel (the title's button stretched over it, so the
 * keyboard reaches it as the title). The cells stay cells, in the table's order; on a phone the
 * meta cells flow inline, and a cell without a value (`missing`) leaves the card with its dot.
 */

const card = {
  row: 'max-sm:relative max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-line max-sm:p-3',
  select: 'w-10 max-sm:absolute max-sm:top-1 max-sm:right-1 max-sm:z-10 max-sm:w-auto max-sm:p-0',
  job: 'max-sm:block max-sm:p-0 max-sm:pr-8',
  meta: 'max-sm:inline max-sm:p-0 max-sm:data-missing:hidden',
  /** The first line: company · location (with its workplace). */
  place: 'text-fg-soft max-sm:text-sm',
  /** The quiet line: posted · salary · applicants. */
  facts: 'max-sm:text-xs max-sm:text-fg-subtle',
  dot: "max-sm:before:mx-1.5 max-sm:before:content-['·']",
  /** Ends a card's line: a block after an inline cell starts the next line. */
  lineEnd: "max-sm:after:block max-sm:after:content-['']",
} as const;

/** The meta cells in the table's order, and the dot before each unless all before it are missing. */
const META = {
  company: cn(
    card.place,
    "max-sm:[&:has(+[data-missing])]:after:block max-sm:[&:has(+[data-missing])]:after:content-['']",
  ),
  location: cn(card.place, card.dot, card.lineEnd, 'max-sm:[[data-missing]+&]:before:hidden'),
  posted: cn(card.facts),
  salary: cn(card.facts, card.dot, 'sm:text-fg-soft', 'max-sm:[[data-missing]+&]:before:hidden'),
  applicants: cn(
    card.facts,
    card.dot,
    'sm:text-fg-soft',
    'max-sm:[[data-missing]+[data-missing]+&]:before:hidden',
  ),
} as const;

/**
 * The row, drawn as a card below 640 px. The card keeps its own background when it is the
 * keyboard's (the left bar marks it): the quiet line's grey needs it for AA contrast.
 */
export function JobCardRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <TableRow card={false} className={cn(card.row, 'max-sm:bg-surface', className)} {...props} />
  );
}

/** The selection checkbox: the first cell, the card's top right corner on a phone. */
export function JobSelectCell({
  title,
  selected,
  onToggle,
}: {
  title: string;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <TableCell card={false} className={card.select}>
      {/* A 40 px target on a phone; the box itself stays the size of the header's. */}
      <label className="max-sm:flex max-sm:size-10 max-sm:items-center max-sm:justify-center">
        <input
          type="checkbox"
          aria-label={`Select ${title}`}
          className="size-4 accent-accent"
          checked={selected}
          onChange={onToggle}
        />
      </label>
    </TableCell>
  );
}

/** The title, its badges, and the searches that found it. */
export function JobTitleCell({ children }: { children: ReactNode }) {
  return (
    <TableCell card={false} className={cn('sm:min-w-64', card.job)}>
      {children}
    </TableCell>
  );
}

/** Opens the panel; on a phone its target is stretched over the whole card. */
export function JobTitle({
  job,
  words,
  onOpen,
}: {
  job: JobListItem;
  words: readonly string[];
  onOpen: (job: JobListItem) => void;
}) {
  return (
    <button
      type="button"
      className={cn(
        'min-w-0 text-left text-fg [overflow-wrap:anywhere] hover:text-accent-soft-fg hover:underline focus-visible:outline-2 focus-visible:outline-focus',
        "max-sm:basis-full max-sm:after:absolute max-sm:after:inset-0 max-sm:after:rounded-lg max-sm:after:content-['']",
        job.state === 'new' ? 'font-semibold' : 'font-medium',
      )}
      onClick={() => onOpen(job)}
    >
      <Highlight text={job.title} words={words} />
    </button>
  );
}

/** The title's line: the title, then its badges, wrapping (under the title on a phone). */
export function JobHeading({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-x-2 gap-y-1">{children}</div>;
}

/** Every badge a job carries, in one place: its fit first (issue 40), what the list sorts by. */
export function JobBadges({ job }: { job: JobListItem }) {
  return (
    <>
      {job.fit ? <FitBadge fit={job.fit} /> : null}
      <StateBadge job={job} />
      <EasyApplyBadge easyApply={job.easy_apply} />
      <ClosedBadge closedAt={job.closed_at} />
    </>
  );
}

export function JobFoundBy({ terms }: { terms: readonly string[] }) {
  if (terms.length === 0) return null;
  return (
    <div className="mt-1 text-xs break-words text-fg-subtle">
      <span className="sr-only">Found by </span>
      {terms.join(' · ')}
    </div>
  );
}

/**
 * One of the meta cells (company, location, posted, salary, applicants). A `missing` one shows
 * its "-" in the table and leaves the card, where a line reads only what is known.
 */
export function JobMetaCell({
  part,
  missing,
  children,
}: {
  part: keyof typeof META;
  missing: boolean;
  children: ReactNode;
}) {
  return (
    <TableCell
      card={false}
      data-part={part}
      data-missing={missing || undefined}
      className={cn(card.meta, META[part], 'break-words max-sm:[overflow-wrap:anywhere]')}
    >
      {children}
    </TableCell>
  );
}

/** "Remote" under the location in the table, after it with a dot on a phone. */
export function JobWorkplace({ children }: { children: ReactNode }) {
  return <div className={cn('text-xs text-fg-subtle max-sm:inline', card.dot)}>{children}</div>;
}
