import type { QueryRun } from '../../../../contract/query-runs';

const jobs = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

/**
 * What a running run has fetched so far, e.g. "page 3 · 27 jobs"; once a standard run completed,
 * how it searched: "incremental: 12 new of 31" (issue 10); once an AI-powered run completed,
 * "27 jobs · 5 new" (issue 9). Nothing for a failed run.
 */
export function runProgressText(run: QueryRun): string | null {
  if (run.status === 'completed')
    return run.search_mode === null
      ? `${jobs(run.jobs_found)} · ${run.jobs_new} new`
      : `${run.search_mode}: ${run.jobs_new} new of ${run.jobs_found}`;
  if (run.status !== 'running') return null;
  return `page ${run.pages_fetched} · ${jobs(run.jobs_found)}`;
}
