import type { JobListQuery } from '../../contract';
import { JOBS_TOTAL_CAP } from '../../contract';
import {
  effectiveSort,
  filterSql,
  GROUP_COUNT_KEY,
  hasRowFilters,
  orderSql,
  type JobCursor,
  type SqlParams,
} from './job-query';

/** The list's statements for one request: its rows, its counts and their parameters. */
export interface ListSql {
  select: (columns: string) => string;
  count: string;
  jobsCount: string | null;
  params: SqlParams;
  empty: boolean;
}

/** The full SQL of the list for these filters (without page bounds), shared with the export. */
export function listQuerySql(
  query: Omit<JobListQuery, 'limit' | 'cursor'>,
  now: number,
  options: {
    cursor?: JobCursor | null;
    anyBlocked?: boolean;
    /** At most JOBS_TOTAL_CAP jobs pass min_fit: read them by the fit index (orderSql). */
    fewByFit?: boolean;
  } = {},
): ListSql {
  const cursor = options.cursor ?? null;
  const sort = effectiveSort(query);
  const filters = filterSql(query, now, options.anyBlocked ?? true);
  const order = orderSql(sort, filters.match, cursor, options.fewByFit ?? false);
  const and = (...extra: Array<string | null>) => {
    const all = [...filters.where, ...extra.filter((e): e is string => e !== null)];
    return all.length > 0 ? all.join(' AND ') : '1';
  };
  const whereSql = and(filters.lead, order.matchWhere);
  const countWhere = and(order.countMatchWhere);
  const pageWhere = order.after ? `${whereSql} AND ${order.after}` : whereSql;
  // The count has no order to keep: with the states as its only filter it reads the state
  // index, which also covers the block-list rule (jobs_state_company); any other filter needs
  // a column only the orders' covering indexes hold, so the state index is kept out of it.
  // Counted up to the cap only (docs/decisions/014): past it the exact figure costs a scan of
  // every matching row and tells the operator nothing the cap doesn't.
  const counting = (columns: string) => `SELECT ${columns} FROM ${order.countFrom}
      WHERE ${hasRowFilters(query) ? countWhere : countWhere.replace('+j.state', 'j.state')}
      LIMIT ${JOBS_TOTAL_CAP + 1}`;
  return {
    select: (columns) =>
      `SELECT ${columns}, ${order.keys} FROM ${order.from} WHERE ${pageWhere} ORDER BY ${order.orderBy}`,
    // Grouped, the count is of distinct groups (and lone jobs) among the jobs passing the filters.
    count: `SELECT COUNT(*) AS n FROM (${counting(filters.grouped ? `DISTINCT ${GROUP_COUNT_KEY}` : '1')})`,
    // Grouped, the jobs those rows stand for too (issue 30), and, read from the same few rows,
    // the rows themselves when the jobs stay under the cap (then the count above is not run).
    jobsCount: filters.grouped
      ? `SELECT COUNT(*) AS n, COUNT(DISTINCT k) AS rows FROM (${counting(`${GROUP_COUNT_KEY} AS k`)})`
      : null,
    params: { ...filters.params, ...order.params },
    empty: filters.matchesNothing,
  };
}
