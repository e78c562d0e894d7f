import type { OverviewNewJobs } from '../../contract/overview';
import type { OverviewQueryRow, OverviewStatements } from './overview-statements';
import { perDay, type ResolvedSpan } from './overview-span';

/** Queries with a series of their own; the rest share one. */
export const NEW_JOBS_TOP_QUERIES = 8;
export const OTHER_QUERIES_LABEL = 'Other queries';

export const queryLabel = (q: Pick<OverviewQueryRow, 'job_title' | 'display_name'>): string =>
  `${q.job_title} · ${q.display_name}`;

/**
 * New jobs per day (the `kind` facet): reposts and rule-hidden apart, the rest kept under their
 * query, the 8 queries with the most kept jobs in the range each a series (a query asked for
 * always has its own), the others one "Other queries" series.
 */
export function newJobs(statements: OverviewStatements, resolved: ResolvedSpan): OverviewNewJobs {
  const { span, scope } = resolved;
  const kept = new Map<number, ReturnType<typeof perDay>>();
  const reposts = perDay(span.days);
  const hidden = perDay(span.days);
  const total = perDay(span.days);
  for (const cell of statements.cells('kind', scope)) {
    total.add(cell.day, cell.jobs);
    if (cell.value === 'repost') reposts.add(cell.day, cell.jobs);
    else if (cell.value === 'rule_hidden') hidden.add(cell.day, cell.jobs);
    else {
      const series = kept.get(cell.query_id) ?? perDay(span.days);
      series.add(cell.day, cell.jobs);
      kept.set(cell.query_id, series);
    }
  }
  if (scope.query !== null && !kept.has(scope.query)) kept.set(scope.query, perDay(span.days));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const ranked = [...kept.entries()]
    .map(([queryId, series]) => ({ queryId, jobs: series.values, kept: sum(series.values) }))
    .sort((a, b) => b.kept - a.kept || a.queryId - b.queryId);
  const top = ranked.slice(0, NEW_JOBS_TOP_QUERIES);
  const labels = new Map(
    statements.queries(top.map((t) => t.queryId)).map((q) => [q.id, queryLabel(q)]),
  );
  const series: OverviewNewJobs['series'] = top.map((t) => ({
    query_id: t.queryId,
    label: labels.get(t.queryId) ?? `Query ${t.queryId}`,
    jobs: t.jobs,
  }));
  const rest = ranked.slice(NEW_JOBS_TOP_QUERIES);
  if (rest.length > 0) {
    const other = perDay(span.days);
    for (const r of rest) r.jobs.forEach((jobs, i) => other.add(span.days[i] ?? '', jobs));
    series.push({ query_id: null, label: OTHER_QUERIES_LABEL, jobs: other.values });
  }
  return {
    ...span,
    series,
    reposts: reposts.values,
    hidden_by_rules: hidden.values,
    total: total.values,
  };
}
