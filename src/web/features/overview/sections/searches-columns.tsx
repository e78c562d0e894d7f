import { Star } from 'lucide-react';
import { Link } from 'react-router';
import type { OverviewSearch } from '../../../../contract/overview';
import { Badge } from '../../../components/ui/badge';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TEXT_LINK_CLASS } from '../../../components/ui/text-link';
import type { ChartData } from '../charts/chart-table';
import { formatDecimal, formatNumber, formatShare, percentValue } from '../charts/format';
import { Swatch } from '../charts/legend';
import { queryPaint } from '../charts/paint';
import { Sparkline } from '../charts/sparkline';
import { searchLabel, type SearchSortKey } from './search-sort';

export const COLUMNS: readonly { key: SearchSortKey | null; label: string }[] = [
  { key: 'query', label: 'Search' },
  { key: 'jobs_found', label: 'Jobs found (unique)' },
  { key: 'new_last_run', label: 'New in last run' },
  { key: 'new_in_range', label: 'New in range' },
  { key: 'kept_share', label: 'Kept' },
  { key: 'saved_in_range', label: 'Saved' },
  { key: 'applied_in_range', label: 'Applied' },
  { key: 'screening_in_range', label: 'Screening or later' },
  { key: 'requests_per_new_job', label: 'Requests per new job' },
  { key: 'last_run_status', label: 'Last run' },
  { key: null, label: 'New per day' },
];

/** What the figures count, said once under the table (issue 39: found is not new, nor sightings). */
export const COLUMNS_HELP =
  'Jobs found counts each job once, however often the search saw it (over 7 or 30 days; longer ranges show the sightings alone); below it, its sightings count every time a run saw one (the same job on each day it came up). New counts the jobs no search had found before. Saved, Applied and Screening or later count the search’s jobs put on the Pipeline, applied to, or that reached Screening or a later stage in the range, whenever they were found.';

const CELL = 'px-3 py-2 align-middle whitespace-nowrap tabular-nums text-fg-soft';
const dash = (value: number | null | undefined, format: (n: number) => string) =>
  value === null || value === undefined ? '–' : format(value);

/** The table as the CSV writes it: the rows in the order shown, numbers plain. */
export function searchesTable(rows: readonly OverviewSearch[]): ChartData {
  return {
    columns: [
      'Search term',
      'Location',
      'AI',
      'Query status',
      'Jobs found (unique)',
      'Sightings',
      'New in last run',
      'New in range',
      'Kept (%)',
      'Saved',
      'Applied',
      'Screening or later',
      'Site requests',
      'Requests per new job',
      'Last run status',
      'Last run at',
    ].map((label) => ({ label })),
    rows: rows.map((s) => [
      s.job_title,
      s.location,
      s.is_ai ? 'Yes' : 'No',
      s.query_status,
      s.unique_jobs_found ?? null,
      s.jobs_found,
      s.new_last_run,
      s.new_in_range,
      s.kept_share === null ? null : percentValue(s.kept_share),
      s.saved_in_range ?? null,
      s.applied_in_range ?? null,
      s.screening_in_range ?? null,
      s.site_requests,
      s.requests_per_new_job === null ? null : Math.round(s.requests_per_new_job * 10) / 10,
      s.last_run_status,
      s.last_run_at,
    ]),
  };
}

/** Unique jobs, with the sightings under them when they differ. */
function FoundCell({ search }: { search: OverviewSearch }) {
  const unique = search.unique_jobs_found ?? null;
  return (
    <td className={CELL}>
      <span className="block">{dash(unique, formatNumber)}</span>
      {unique !== search.jobs_found ? (
        <span className="block text-xs text-fg-muted">{`${formatNumber(search.jobs_found)} sightings`}</span>
      ) : null}
    </td>
  );
}

/** A search whose jobs reached Screening or later stands out: the figure bold, with a star. */
function ScreeningCell({ count }: { count: number | undefined }) {
  if (!count) return <td className={CELL}>{dash(count, formatNumber)}</td>;
  return (
    <td className={`${CELL} font-semibold text-fg`}>
      <span className="inline-flex items-center gap-1">
        <Star className="size-3.5 fill-current" aria-hidden="true" />
        {formatNumber(count)}
      </span>
    </td>
  );
}

export function SearchRow({ search, days }: { search: OverviewSearch; days: readonly string[] }) {
  const paint = queryPaint(search.query_id);
  return (
    <tr className="hover:bg-surface-hover/60">
      <th scope="row" className="max-w-72 min-w-48 px-3 py-2 text-left font-normal">
        <span className="flex items-start gap-1.5">
          <Swatch paint={paint} className="mt-1" />
          <span className="flex min-w-0 flex-wrap items-center gap-1.5">
            <Link to={`/jobs?query=${search.query_id}`} className={TEXT_LINK_CLASS}>
              {searchLabel(search)}
            </Link>
            {search.is_ai ? <Badge tone="violet">AI</Badge> : null}
            {search.query_status !== 'active' ? <Badge>{search.query_status}</Badge> : null}
          </span>
        </span>
      </th>
      <FoundCell search={search} />
      <td className={CELL}>{dash(search.new_last_run, formatNumber)}</td>
      <td className={CELL}>{formatNumber(search.new_in_range)}</td>
      <td className={CELL}>{dash(search.kept_share, formatShare)}</td>
      <td className={CELL}>{dash(search.saved_in_range, formatNumber)}</td>
      <td className={CELL}>{dash(search.applied_in_range, formatNumber)}</td>
      <ScreeningCell count={search.screening_in_range} />
      <td className={CELL}>{dash(search.requests_per_new_job, formatDecimal)}</td>
      <td className={CELL}>
        {search.last_run_status ? (
          <StatusBadge status={search.last_run_status} />
        ) : (
          <span className="text-fg-subtle">Never ran</span>
        )}
      </td>
      <td className="px-3 py-2 align-middle">
        <Sparkline
          days={days}
          values={search.daily_new}
          paint={paint}
          backfillDay={search.backfill_day}
        />
      </td>
    </tr>
  );
}
