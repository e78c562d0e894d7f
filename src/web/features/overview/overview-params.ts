/**
 * The Overview's view, kept in the URL's search params under the API's own names (as the Jobs
 * screen keeps its filters), so a reload, Back and a shared link show the same figures. A value
 * the URL holds that the API would refuse is dropped here rather than sent.
 */
import {
  OVERVIEW_RANGE_DEFAULT,
  OVERVIEW_RANGES,
  type OverviewRange,
} from '../../../contract/overview';

export interface OverviewParams {
  range: OverviewRange;
  /** A saved query's id, or null for every query. */
  query: number | null;
}

export const RANGE_LABELS: Record<OverviewRange, string> = {
  '7': 'Last 7 days',
  '30': 'Last 30 days',
  '90': 'Last 90 days',
  all: 'All time',
};

const isRange = (value: string | null): value is OverviewRange =>
  OVERVIEW_RANGES.some((r) => r === value);

export function parseOverviewParams(params: URLSearchParams): OverviewParams {
  const range = params.get('range');
  const query = params.get('query');
  return {
    range: isRange(range) ? range : OVERVIEW_RANGE_DEFAULT,
    query: query !== null && /^[1-9]\d{0,14}$/.test(query) ? Number(query) : null,
  };
}

/** The screen's URL: the default range left out, as the Jobs screen leaves its defaults out. */
export function overviewParamsToUrl(view: OverviewParams): URLSearchParams {
  const params = new URLSearchParams();
  if (view.range !== OVERVIEW_RANGE_DEFAULT) params.set('range', view.range);
  if (view.query !== null) params.set('query', String(view.query));
  return params;
}

/** The API's query string: the range always said, so a changed server default changes nothing. */
export function overviewParamsToApi(view: OverviewParams): URLSearchParams {
  const params = new URLSearchParams({ range: view.range });
  if (view.query !== null) params.set('query', String(view.query));
  return params;
}

/** A download's name: `overview-new-jobs-30d.csv`, `overview-market-all-query-4.csv`. */
export function csvFileName(chart: string, view: OverviewParams): string {
  const range = view.range === 'all' ? 'all' : `${view.range}d`;
  const query = view.query === null ? '' : `-query-${view.query}`;
  return `overview-${chart}-${range}${query}.csv`;
}
