import { useEffect, useRef } from 'react';
import { cn } from '../../../lib/cn';
import {
  cardTableClasses,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeleton,
} from '../../../components/ui/table';
import type { JobListItem } from '../api/jobs-schema';
import { Highlight } from './highlight';
import { EasyApplyBadge, PostedDate, StateBadge, workplaceLabel } from './job-cells';
import { FlagLabels, RuleReasons } from './job-rule-labels';
import { LocationGroup } from './location-group';
import { RepostLine } from './repost-line';

const COLUMNS = ['Job', 'Company', 'Location', 'Posted', 'Salary', 'Applicants'] as const;

interface JobsTableProps {
  /** undefined while the first page loads (the skeleton shows). */
  jobs: readonly JobListItem[] | undefined;
  words: readonly string[];
  highlightedId: number | null;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (select: boolean) => void;
  onOpen: (job: JobListItem) => void;
  onHighlight: (id: number) => void;
  /** Shown as the body when the list is empty. */
  empty: React.ReactNode;
}

export function JobsTable({
  jobs,
  words,
  highlightedId,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  onHighlight,
  empty,
}: JobsTableProps) {
  const all = jobs !== undefined && jobs.length > 0 && jobs.every((j) => selected.has(j.id));
  const some = !all && jobs !== undefined && jobs.some((j) => selected.has(j.id));
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = some;
  }, [some]);

  return (
    <Table aria-label="Jobs">
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">
            <input
              ref={selectAll}
              type="checkbox"
              aria-label="Select all jobs on this page"
              className="size-4 accent-accent"
              checked={all}
              disabled={!jobs || jobs.length === 0}
              onChange={(e) => onToggleAll(e.target.checked)}
            />
            {/* The cards' label of this column (a phone shows no header row). */}
            <span className="sr-only">Select</span>
          </TableHead>
          {COLUMNS.map((c) => (
            <TableHead key={c}>{c}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {jobs === undefined ? (
          <TableSkeleton columns={COLUMNS.length + 1} />
        ) : jobs.length === 0 ? (
          <tr className={cardTableClasses.emptyRow}>
            <td colSpan={COLUMNS.length + 1} className="px-4 py-12 max-sm:block">
              {empty}
            </td>
          </tr>
        ) : (
          jobs.map((job) => (
            <JobRow
              key={job.id}
              job={job}
              words={words}
              highlighted={job.id === highlightedId}
              selected={selected.has(job.id)}
              onToggle={onToggle}
              onOpen={onOpen}
              onHighlight={onHighlight}
            />
          ))
        )}
      </TableBody>
    </Table>
  );
}

function JobRow({
  job,
  words,
  highlighted,
  selected,
  onToggle,
  onOpen,
  onHighlight,
}: {
  job: JobListItem;
  words: readonly string[];
  highlighted: boolean;
  selected: boolean;
  onToggle: (id: number) => void;
  onOpen: (job: JobListItem) => void;
  onHighlight: (id: number) => void;
}) {
  const row = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView; a browser keeps the keyboard's row in sight.
    if (highlighted) row.current?.scrollIntoView?.({ block: 'nearest' });
  }, [highlighted]);
  return (
    <TableRow
      ref={row}
      data-job-id={job.id}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted || undefined}
      onMouseDown={() => onHighlight(job.id)}
      className={cn(
        highlighted && 'bg-accent-soft/70 shadow-[inset_3px_0_0_var(--focus)] hover:bg-accent-soft',
        job.state === 'hidden' && 'opacity-60',
      )}
    >
      <TableCell label="Select" className="w-10">
        <input
          type="checkbox"
          aria-label={`Select ${job.title}`}
          className="size-4 accent-accent"
          checked={selected}
          onChange={() => onToggle(job.id)}
        />
      </TableCell>
      <TableCell label="Job" className="sm:min-w-64">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={cn(
              'text-left text-fg hover:text-accent-soft-fg hover:underline focus-visible:outline-2 focus-visible:outline-focus',
              job.state === 'new' ? 'font-semibold' : 'font-medium',
            )}
            onClick={() => onOpen(job)}
          >
            <Highlight text={job.title} words={words} />
          </button>
          <StateBadge state={job.state} />
          <EasyApplyBadge easyApply={job.easy_apply} />
        </div>
        <FlagLabels flags={job.flags} />
        <RepostLine repost={job.repost} />
        <RuleReasons job={job} />
        {job.search_terms.length > 0 ? (
          <div className="mt-1 text-xs text-fg-subtle">
            <span className="sr-only">Found by </span>
            {job.search_terms.join(' · ')}
          </div>
        ) : null}
      </TableCell>
      <TableCell label="Company" className="text-fg-soft">
        {job.company_name ? <Highlight text={job.company_name} words={words} /> : '-'}
      </TableCell>
      <TableCell label="Location" className="text-fg-soft">
        {job.location ? <Highlight text={job.location} words={words} /> : '-'}
        {job.workplace ? (
          <div className="text-xs text-fg-subtle">{workplaceLabel(job.workplace)}</div>
        ) : null}
        <LocationGroup job={job} onOpen={onOpen} />
      </TableCell>
      <TableCell label="Posted">
        <PostedDate value={job.posted_at} />
      </TableCell>
      <TableCell label="Salary" className="whitespace-nowrap text-fg-soft">
        {job.salary ?? '-'}
      </TableCell>
      <TableCell label="Applicants" className="whitespace-nowrap text-fg-soft">
        {job.applicants ?? '-'}
      </TableCell>
    </TableRow>
  );
}
