import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OverviewSearches } from '../../../../contract/overview';
import { Button } from '../../../components/ui/button';
import { TEXT_LINK_CLASS } from '../../../components/ui/text-link';
import { useSearches } from '../api/get-overview';
import { downloadCsv } from '../charts/chart-frame';
import { csvFileName, type OverviewParams } from '../overview-params';
import { OverviewSection } from './overview-section';
import { COLUMNS, COLUMNS_HELP, SearchRow, searchesTable } from './searches-columns';
import {
  DEFAULT_SEARCH_SORT,
  nextSort,
  sortSearches,
  type SearchSort,
  type SearchSortKey,
} from './search-sort';

// Headers wrap: eleven columns fit a desktop's width when the longer names take two lines.
const HEAD = 'px-3 py-2 text-left align-bottom text-xs font-semibold text-fg-subtle';

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
        className="inline-flex items-center gap-1 rounded-sm text-left hover:text-fg"
        onClick={() => onSort(sortKey)}
      >
        {label}
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      </button>
    </th>
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
      <p className="text-xs text-fg-muted">{COLUMNS_HELP}</p>
    </div>
  );
}

/** 2. Searches: what each saved query found and what it cost (issue 32). */
export function SearchesSection({ view }: { view: OverviewParams }) {
  return (
    <OverviewSection
      title="Searches"
      description="Per saved search over the range: what it found, what it kept, what its jobs led to on the Pipeline, and what its site requests bought."
      result={useSearches(view)}
    >
      {(data) => <SearchesTable data={data} view={view} />}
    </OverviewSection>
  );
}
