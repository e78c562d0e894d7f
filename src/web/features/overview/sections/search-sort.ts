import type { OverviewSearch } from '../../../../contract/overview';

export type SearchSortKey =
  | 'query'
  | 'jobs_found'
  | 'new_last_run'
  | 'new_in_range'
  | 'kept_share'
  | 'saved_in_range'
  | 'applied_in_range'
  | 'screening_in_range'
  | 'requests_per_new_job'
  | 'last_run_status';

export interface SearchSort {
  key: SearchSortKey;
  descending: boolean;
}

/** The busiest searches first, as the screen opens. */
export const DEFAULT_SEARCH_SORT: SearchSort = { key: 'new_in_range', descending: true };

export const searchLabel = (s: OverviewSearch): string => `${s.job_title} · ${s.location}`;

function sortValue(s: OverviewSearch, key: SearchSortKey): string | number | null {
  if (key === 'query') return searchLabel(s).toLocaleLowerCase();
  // Unique jobs as the column shows them; every day's (range all) are not counted: sightings.
  if (key === 'jobs_found') return s.unique_jobs_found ?? s.jobs_found;
  return s[key] ?? null;
}

/**
 * The rows in the chosen order. A search without the figure (never ran, no new jobs) goes last
 * whichever way; ties keep the searches in their names' order.
 */
export function sortSearches(rows: readonly OverviewSearch[], sort: SearchSort): OverviewSearch[] {
  const byName = (a: OverviewSearch, b: OverviewSearch) =>
    searchLabel(a).localeCompare(searchLabel(b)) || a.query_id - b.query_id;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return (sort.descending ? -order : order) || byName(a, b);
  });
}

/** A header pressed: the same column turns around; a new one starts at its natural order. */
export function nextSort(current: SearchSort, key: SearchSortKey): SearchSort {
  if (current.key === key) return { key, descending: !current.descending };
  return { key, descending: key !== 'query' && key !== 'last_run_status' };
}
