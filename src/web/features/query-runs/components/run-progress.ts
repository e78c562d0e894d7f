import type { QueryRun } from '../../../../contract/query-runs';

/**
 * What a running run has fetched so far, e.g. "page 3 · 27 jobs"; once a standard run completed,
 * how it searched: "incremental: 12 new of 31" (issue 10). Nothing otherwise.
 */
export function runProgressText(run: QueryRun): string | null {
  if (run.status === 'completed' && run.search_mode !== null)
    return `${run.search_mode}: ${run.jobs_new} new of ${run.jobs_found}`;
  if (run.status !== 'running') return null;
  return `page ${run.pages_fetched} · ${run.jobs_found} ${run.jobs_found === 1 ? 'job' : 'jobs'}`;
}
