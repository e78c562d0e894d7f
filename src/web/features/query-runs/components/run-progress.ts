import type { QueryRun } from '../../../../contract/query-runs';

/** What a running run has fetched so far, e.g. "page 3 · 27 jobs"; nothing once it ended. */
export function runProgressText(run: QueryRun): string | null {
  if (run.status !== 'running') return null;
  return `page ${run.pages_fetched} · ${run.jobs_found} ${run.jobs_found === 1 ? 'job' : 'jobs'}`;
}
