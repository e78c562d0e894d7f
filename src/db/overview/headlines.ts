import type { OverviewHeadline, OverviewHeadlines } from '../../contract/overview';
import type { FacetScope, Instants, OverviewStatements } from './overview-statements';
import { historyStart, previousRange, type OverviewAsk, type ResolvedSpan } from './overview-span';

/** A range's figures, before they are compared. */
interface Figures {
  new_jobs: number;
  kept: number;
  saved: number;
  applied: number;
  site_requests: number;
  requests_per_new_job: number | null;
}

const sum = (rows: readonly { jobs: number }[]) => rows.reduce((n, r) => n + r.jobs, 0);

/**
 * One range's figures. New and kept come from the facets (the New jobs chart's total, and the
 * Searches table's kept); saved and applied from the applications' histories (when it happened,
 * whichever range found the job); site requests from the batches' own counts, or with a query
 * from its runs' result pages and its new jobs' details, as the Searches table counts them.
 */
function figures(statements: OverviewStatements, scope: FacetScope, at: Instants): Figures {
  const newJobs = sum(statements.byValue('kind', scope));
  const hidden = sum(statements.byValue('state', scope).filter((r) => r.value === 'hidden'));
  const outcomes =
    scope.query === null ? [statements.allOutcomes(at)] : statements.outcomes(scope.query, at);
  const siteRequests =
    scope.query === null
      ? statements.siteRequestsBetween(at)
      : statements.runPagesBetween(scope.query, at) +
        sum(
          statements
            .byValue('details', scope)
            .filter((r) => r.value === 'fetched' || r.value === 'failed'),
        );
  return {
    new_jobs: newJobs,
    kept: newJobs - hidden,
    saved: outcomes.reduce((n, r) => n + r.saved, 0),
    applied: outcomes.reduce((n, r) => n + r.applied, 0),
    site_requests: siteRequests,
    requests_per_new_job: newJobs === 0 ? null : siteRequests / newJobs,
  };
}

/** A figure against the one before: the change, and the change as a share of before. */
export function compare(value: number | null, previous: number | null): OverviewHeadline {
  const change = value === null || previous === null ? null : value - previous;
  return {
    value,
    previous,
    change,
    change_share: change === null || previous === null || previous === 0 ? null : change / previous,
  };
}

/**
 * `GET /overview/headlines` (issue 39): the range's new jobs, kept, saved, applied, site
 * requests and requests per new job, each against the same number of days before it. A range
 * before that ends before the history starts (of the query asked for) is not compared with: its
 * zeros would read as growth from nothing.
 */
export function headlines(
  statements: OverviewStatements,
  resolved: ResolvedSpan,
  ask: OverviewAsk,
): OverviewHeadlines {
  const now = figures(statements, resolved.scope, resolved.instants);
  const before = previousRange(resolved, ask);
  const today = resolved.scope.last;
  const held =
    before !== null &&
    before.last >= historyStart(statements, resolved.scope.query, ask.timeZone, today);
  const then = held ? figures(statements, before.scope, before.instants) : null;
  const of = (name: keyof Figures) => compare(now[name], then === null ? null : then[name]);
  return {
    ...resolved.span,
    previous_days: before === null ? null : { first: before.first, last: before.last },
    new_jobs: of('new_jobs'),
    kept: of('kept'),
    saved: of('saved'),
    applied: of('applied'),
    site_requests: of('site_requests'),
    requests_per_new_job: of('requests_per_new_job'),
  };
}
