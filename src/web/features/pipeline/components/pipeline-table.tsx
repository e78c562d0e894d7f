import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { APPLICATION_STAGE_LABELS, type Application } from '../../../../contract/pipeline';
import { fieldClasses, Label } from '../../../components/ui/input';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { TEXT_LINK_CLASS } from '../../../components/ui/text-link';
import { cn } from '../../../lib/cn';
import {
  DEFAULT_TABLE_SORT,
  nextTableSort,
  sortApplications,
  type TableSort,
  type TableSortKey,
} from '../application-order';
import { calendarDaysBetween, fullDateTime, shortDate, stepEnded } from '../stage-time';
import { NextStepLine } from './next-step-line';
import { ShowAll, useFirstPage } from './show-all';

const COLUMNS: { label: string; key: TableSortKey | null }[] = [
  { label: 'Title', key: null },
  { label: 'Company', key: null },
  { label: 'Stage', key: 'stage' },
  { label: 'In stage since', key: 'stage_since' },
  { label: 'Next step', key: 'next_step' },
];

const SORT_CHOICES: { label: string; sort: TableSort }[] = [
  { label: 'Next step, soonest first', sort: DEFAULT_TABLE_SORT },
  { label: 'Next step, latest first', sort: { key: 'next_step', descending: true } },
  { label: 'Stage, first to last', sort: { key: 'stage', descending: false } },
  { label: 'Stage, last to first', sort: { key: 'stage', descending: true } },
  { label: 'In stage since, oldest first', sort: { key: 'stage_since', descending: false } },
  { label: 'In stage since, newest first', sort: { key: 'stage_since', descending: true } },
];

const sortName = (sort: TableSort) => `${sort.key}:${sort.descending ? 'desc' : 'asc'}`;

/**
 * The pipeline as rows, sortable by next step (soonest first; none last), stage and time in it:
 * the first page of the order chosen, then "Show all N" (decision 059).
 */
export function PipelineTable({
  applications,
  sort,
  onSort,
  now,
  openTo,
  showAll,
  onShowAll,
}: {
  applications: readonly Application[];
  sort: TableSort;
  onSort: (sort: TableSort) => void;
  now: number;
  openTo: (jobId: number) => string;
  showAll: boolean;
  onShowAll: () => void;
}) {
  const sortId = useId();
  const sorted = sortApplications(applications, sort);
  const {
    list: body,
    shown: rows,
    revealAll,
  } = useFirstPage<Application, HTMLTableSectionElement>(sorted, { showAll, onShowAll });
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {/* A phone shows the rows as cards, without the header's buttons: the order is chosen here. */}
      <div className="flex flex-col gap-1.5 px-3 pt-3 sm:hidden">
        <Label htmlFor={sortId}>Sort by</Label>
        <select
          id={sortId}
          className={cn(fieldClasses, 'h-10 py-1 text-fg')}
          value={sortName(sort)}
          onChange={(e) => {
            const choice = SORT_CHOICES.find((c) => sortName(c.sort) === e.target.value);
            if (choice) onSort(choice.sort);
          }}
        >
          {SORT_CHOICES.map((c) => (
            <option key={c.label} value={sortName(c.sort)}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <Table aria-label="Applications">
        <TableHeader>
          <TableRow>
            {COLUMNS.map((c) => (
              <SortHead key={c.label} label={c.label} sortKey={c.key} sort={sort} onSort={onSort} />
            ))}
          </TableRow>
        </TableHeader>
        <TableBody ref={body}>
          {rows.map((a) => {
            const days = Math.max(0, calendarDaysBetween(Date.parse(a.stage_since), now));
            return (
              <TableRow key={a.job_id} data-job-id={a.job_id}>
                <TableCell label="Title" className="max-w-80 [overflow-wrap:anywhere]">
                  <Link to={openTo(a.job_id)} className={TEXT_LINK_CLASS}>
                    {a.title}
                  </Link>
                </TableCell>
                <TableCell label="Company" className="max-w-60 [overflow-wrap:anywhere]">
                  {a.company_name}
                </TableCell>
                <TableCell label="Stage">{APPLICATION_STAGE_LABELS[a.stage]}</TableCell>
                <TableCell label="In stage since" className="whitespace-nowrap">
                  <time dateTime={a.stage_since} title={fullDateTime(a.stage_since)}>
                    {shortDate(a.stage_since)}
                  </time>{' '}
                  <span className="text-fg-muted">
                    ({days === 0 ? 'today' : `${days} ${days === 1 ? 'day' : 'days'}`})
                  </span>
                </TableCell>
                <TableCell label="Next step" className="min-w-48">
                  {a.next_step ? (
                    <NextStepLine
                      step={a.next_step}
                      now={now}
                      ended={stepEnded(a)}
                      className="text-sm"
                    />
                  ) : (
                    <span className="text-fg-subtle">None</span>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {rows.length < sorted.length ? (
        <ShowAll
          total={sorted.length}
          where="applications"
          className="mb-3"
          onShowAll={revealAll}
        />
      ) : null}
    </div>
  );
}

function SortHead({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: TableSortKey | null;
  sort: TableSort;
  onSort: (sort: TableSort) => void;
}) {
  if (sortKey === null) return <TableHead>{label}</TableHead>;
  const sorted = sort.key === sortKey;
  const Icon = !sorted ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp;
  return (
    <TableHead aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : undefined}>
      <button
        type="button"
        // Not on a phone, where the header is only read out: the Sort by select orders the cards.
        className="inline-flex items-center gap-1 rounded-sm uppercase hover:text-fg focus-visible:outline-2 focus-visible:outline-focus max-sm:hidden"
        onClick={() => onSort(nextTableSort(sort, sortKey))}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
      <span className="sm:hidden">{label}</span>
    </TableHead>
  );
}
