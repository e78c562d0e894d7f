import type { OverviewSearch, OverviewSearches } from '../../contract/overview';
import { isoOrNull } from '../times';
import type { LastRunRow, OverviewQueryRow, OverviewStatements } from './overview-statements';
import { perDay, type ResolvedSpan } from './overview-span';

/** Per query: its new jobs per day, how many it hid, and the details it fetched or failed. */
interface QueryFacets {
  daily: ReturnType<typeof perDay>;
  hidden: number;
  details: number;
}

function facetsByQuery(statements: OverviewStatements, resolved: ResolvedSpan) {
  const { span, scope } = resolved;
  const byQuery = new Map<number, QueryFacets>();
  const of = (queryId: number): QueryFacets => {
    let facets = byQuery.get(queryId);
    if (facets === undefined) {
      facets = { daily: perDay(span.days), hidden: 0, details: 0 };
      byQuery.set(queryId, facets);
    }
    return facets;
  };
  for (const row of statements.byDayQuery('kind', scope))
    of(row.query_id).daily.add(row.day, row.jobs);
  for (const row of statements.byQuery('state', ['hidden'], scope))
    of(row.query_id).hidden += row.jobs;
  for (const row of statements.byQuery('details', ['fetched', 'failed'], scope))
    of(row.query_id).details += row.jobs;
  return of;
}

/** The ranges whose searches count unique jobs found (`unique_jobs_found`). */
export const UNIQUE_RANGES: ReadonlySet<string> = new Set(['7', '30']);

/**
 * The Searches table: one row per saved query that is not archived or that ran in the range.
 * Found counts what its runs in the range found (a job found on two days twice), unique found
 * each job once; new counts the jobs it stored first (the facets); requests are its result pages
 * and its new jobs' details; saved, applied and screening what its jobs reached on the Pipeline
 * in the range.
 */
export function searches(statements: OverviewStatements, resolved: ResolvedSpan): OverviewSearches {
  const { scope, from } = resolved;
  const facetsOf = facetsByQuery(statements, resolved);
  const runs = new Map(statements.runTotals(scope.query, from).map((r) => [r.query_id, r]));
  // Counting each job once reads every sighting of the range: 30 days' fit the call's budget,
  // 90 days' took it past (issue 39; 64k of a year's 260k links took 50-65 ms on a busy machine).
  const unique = UNIQUE_RANGES.has(resolved.span.range)
    ? statements.uniqueFound(scope.query, from)
    : null;
  const outcomes = new Map(
    statements.outcomes(scope.query, resolved.instants).map((r) => [r.query_id, r]),
  );
  const lastRuns = new Map(statements.lastRuns(scope.query).map((r) => [r.query_id, r]));
  const rows = statements.searchedQueries(scope.query, from).map((query): OverviewSearch => {
    const facets = facetsOf(query.id);
    const newInRange = facets.daily.values.reduce((a, b) => a + b, 0);
    const run = runs.get(query.id);
    const siteRequests = (run?.pages_fetched ?? 0) + facets.details;
    const last = lastRuns.get(query.id);
    const outcome = outcomes.get(query.id);
    return {
      ...queryColumns(query),
      jobs_found: run?.jobs_found ?? 0,
      unique_jobs_found: unique === null ? null : (unique.get(query.id) ?? 0),
      new_last_run: last === undefined ? null : statements.newInBatch(query.id, last.batch_id),
      new_in_range: newInRange,
      kept_share: newInRange === 0 ? null : 1 - facets.hidden / newInRange,
      site_requests: siteRequests,
      requests_per_new_job: newInRange === 0 ? null : siteRequests / newInRange,
      ...lastRunColumns(last),
      daily_new: facets.daily.values,
      saved_in_range: outcome?.saved ?? 0,
      applied_in_range: outcome?.applied ?? 0,
      screening_in_range: outcome?.screening ?? 0,
      backfill_day: resolved.backfillDays.get(query.id) ?? null,
    };
  });
  return { ...resolved.span, searches: rows };
}

function queryColumns(query: OverviewQueryRow) {
  return {
    query_id: query.id,
    job_title: query.job_title,
    location: query.display_name,
    is_ai: query.is_ai === 1,
    query_status: query.status,
  };
}

function lastRunColumns(last: LastRunRow | undefined) {
  return {
    last_run_status: last?.status ?? null,
    last_run_at: isoOrNull(last?.start_time ?? null),
  };
}
