import { useEffect, useRef } from 'react';
import { cn } from '../../../lib/cn';
import {
  cardTableClasses,
  Table,
  TableBody,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeleton,
} from '../../../components/ui/table';
import type { JobListItem } from '../api/jobs-schema';
import { Highlight } from './highlight';
import {
  JobBadges,
  JobCardRow,
  JobFoundBy,
  JobHeading,
  JobMetaCell,
  JobSelectCell,
  JobTitle,
  JobTitleCell,
  JobWorkplace,
} from './job-card';
import { PostedDate, workplaceLabel } from './job-cells';
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
    <JobCardRow
      ref={row}
      data-job-id={job.id}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted || undefined}
      onMouseDown={() => onHighlight(job.id)}
      className={cn(
        // On the tinted and the hovered row the quiet grey reads one step darker: slate-500 on
        // the highlight's blue measured 4.46:1, under AA.
        'hover:[--fg-subtle:var(--fg-muted)]',
        highlighted &&
          'bg-accent-soft/70 shadow-[inset_3px_0_0_var(--focus)] [--fg-subtle:var(--fg-muted)] hover:bg-accent-soft',
        job.state === 'hidden' && 'opacity-60',
      )}
    >
      <JobSelectCell title={job.title} selected={selected} onToggle={() => onToggle(job.id)} />
      <JobTitleCell>
        <JobHeading>
          <JobTitle job={job} words={words} onOpen={onOpen} />
          <JobBadges job={job} />
        </JobHeading>
        <FlagLabels flags={job.flags} />
        <RepostLine repost={job.repost} />
        <RuleReasons job={job} />
        <JobFoundBy terms={job.search_terms} />
      </JobTitleCell>
      <JobMetaCell part="company" missing={!job.company_name}>
        {job.company_name ? <Highlight text={job.company_name} words={words} /> : '-'}
      </JobMetaCell>
      <JobMetaCell part="location" missing={!job.location && !job.workplace}>
        {job.location ? <Highlight text={job.location} words={words} /> : '-'}
        {job.workplace ? <JobWorkplace>{workplaceLabel(job.workplace)}</JobWorkplace> : null}
        <LocationGroup job={job} onOpen={onOpen} />
      </JobMetaCell>
      <JobMetaCell part="posted" missing={!job.posted_at}>
        <PostedDate value={job.posted_at} />
      </JobMetaCell>
      <JobMetaCell part="salary" missing={!job.salary}>
        {job.salary ?? '-'}
      </JobMetaCell>
      <JobMetaCell part="applicants" missing={!job.applicants}>
        {job.applicants ?? '-'}
      </JobMetaCell>
    </JobCardRow>
  );
}
