import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OverviewSearch, OverviewSearches } from '../../../../contract/overview';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TEXT_LINK_CLASS } from '../../../components/ui/text-link';
import { useSearches } from '../api/get-overview';
import { downloadCsv } from '../charts/chart-frame';
import type { ChartData } from '../charts/chart-table';
import { formatDecimal, formatNumber, formatShare, percentValue } from '../charts/format';
import { Swatch } from '../charts/legend';
import { queryPaint } from '../charts/paint';
import { Sparkline } from '../charts/sparkline';
import { csvFileName, type OverviewParams } from '../overview-params';
import { OverviewSection } from './overview-section';
import {
  DEFAULT_SEARCH_SORT,
  nextSort,
  searchLabel,
  sortSearches,
  type SearchSort,
  type SearchSortKey,
} from './search-sort';

const COLUMNS: readonly { key: SearchSortKey | null; label: string }[] = [
  { key: 'query', label: 'Search' },
  { key: 'jobs_found', label: 'Jobs found' },
  { key: 'new_last_run', label: 'New in last run' },
  { key: 'new_in_range', label: 'New in range' },
  { key: 'kept_share', label: 'Kept' },
  { key: 'requests_per_new_job', label: 'Requests per new job' },
  { key: 'last_run_status', label: 'Last run' },
  { key: null, label: 'New per day' },
];

const HEAD = 'px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-fg-subtle';
const CELL = 'px-3 py-2 align-middle whitespace-nowrap tabular-nums text-fg-soft';
const dash = (value: number | null, format: (n: number) => string) =>
  value === null ? '–' : format(value);

/** The table as the CSV writes it: the rows in the order shown, numbers plain. */
export function searchesTable(rows: readonly OverviewSearch[]): ChartData {
  return {
    columns: [
      { label: 'Search term' },
      { label: 'Location' },
      { label: 'AI' },
      { label: 'Query status' },
      { label: 'Jobs found' },
      { label: 'New in last run' },
      { label: 'New in range' },
      { label: 'Kept (%)' },
      { label: 'Site requests' },
      { label: 'Requests per new job' },
      { label: 'Last run status' },
      { label: 'Last run at' },
    ],
    rows: rows.map((s) => [
      s.job_title,
      s.location,
      s.is_ai ? 'Yes' : 'No',
      s.query_status,
      s.jobs_found,
      s.new_last_run,
      s.new_in_range,
      s.kept_share === null ? null : percentValue(s.kept_share),
      s.site_requests,
      s.requests_per_new_job === null ? null : Math.round(s.requests_per_new_job * 10) / 10,
      s.last_run_status,
      s.last_run_at,
    ]),
  };
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: SearchSortKey | null;
  sort: SearchSort;
  onSort: (key: SearchSortKey) => void;
}) {
  if (sortKey === null) {
    return (
      <th scope="col" className={HEAD}>
        {label}
      </th>
    );
  }
  const sorted = sort.key === sortKey;
  const Icon = !sorted ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp;
  return (
    <th
      scope="col"
      className={HEAD}
      aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : undefined}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-sm hover:text-fg"
        onClick={() => onSort(sortKey)}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}

function SearchRow({ search, days }: { search: OverviewSearch; days: readonly string[] }) {
  return (
    <tr className="hover:bg-surface-hover/60">
      <th scope="row" className="max-w-72 min-w-48 px-3 py-2 text-left font-normal">
        <span className="flex flex-wrap items-center gap-1.5">
          <Swatch paint={queryPaint(search.query_id)} />
          <Link to={`/jobs?query=${search.query_id}`} className={TEXT_LINK_CLASS}>
            {searchLabel(search)}
          </Link>
          {search.is_ai ? <Badge tone="violet">AI</Badge> : null}
          {search.query_status !== 'active' ? <Badge>{search.query_status}</Badge> : null}
        </span>
      </th>
      <td className={CELL}>{formatNumber(search.jobs_found)}</td>
      <td className={CELL}>{dash(search.new_last_run, formatNumber)}</td>
      <td className={CELL}>{formatNumber(search.new_in_range)}</td>
      <td className={CELL}>{dash(search.kept_share, formatShare)}</td>
      <td className={CELL}>{dash(search.requests_per_new_job, formatDecimal)}</td>
      <td className={CELL}>
        {search.last_run_status ? (
          <StatusBadge status={search.last_run_status} />
        ) : (
          <span className="text-fg-subtle">Never ran</span>
        )}
      </td>
      <td className="px-3 py-2 align-middle">
        <Sparkline days={days} values={search.daily_new} paint={queryPaint(search.query_id)} />
      </td>
    </tr>
  );
}

function SearchesTable({ data, view }: { data: OverviewSearches; view: OverviewParams }) {
  const [sort, setSort] = useState<SearchSort>(DEFAULT_SEARCH_SORT);
  if (data.searches.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-fg-muted">
        No saved searches yet:{' '}
        <Link to="/queries" className={TEXT_LINK_CLASS}>
          add one on Queries
        </Link>
        .
      </p>
    );
  }
  const rows = sortSearches(data.searches, sort);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-fg-muted">
          Select a column’s name to sort by it; a search opens its jobs.
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => downloadCsv(searchesTable(rows), csvFileName('searches', view))}
        >
          <Download aria-hidden="true" />
          Download CSV
        </Button>
      </div>
      <div
        role="region"
        aria-label="Searches table"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded-md border border-line"
      >
        <table aria-label="Searches" className="w-full text-sm">
          <thead className="border-b border-line bg-surface-muted">
            <tr>
              {COLUMNS.map((c) => (
                <SortHeader
                  key={c.label}
                  label={c.label}
                  sortKey={c.key}
                  sort={sort}
                  onSort={(key) => setSort((current) => nextSort(current, key))}
                />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line-soft">
            {rows.map((s) => (
              <SearchRow key={s.query_id} search={s} days={data.days} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** 2. Searches: what each saved query found and what it cost (issue 32). */
export function SearchesSection({ view }: { view: OverviewParams }) {
  return (
    <OverviewSection
      title="Searches"
      description="Per saved search over the range: what it found, what it kept and what its site requests bought."
      result={useSearches(view)}
    >
      {(data) => <SearchesTable data={data} view={view} />}
    </OverviewSection>
  );
}
