import type { QueryRun } from '../../../../contract/query-runs';

const jobs = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

/** Issue 9's count on the wire: the run's jobs first seen in its batch. Optional, see below. */
interface JobCounts {
  jobs_new?: number | null;
}

/**
 * The small line under a run's status badge: "page 3 · 27 jobs" while it runs, "27 jobs · 5 new"
 * once completed (when the server sends the count of new ones), nothing otherwise.
 */
export function runProgressText(run: QueryRun & JobCounts): string | null {
  if (run.status === 'completed' && typeof run.jobs_new === 'number')
    return `${jobs(run.jobs_found)} · ${run.jobs_new} new`;
  if (run.status !== 'running') return null;
  return `page ${run.pages_fetched} · ${jobs(run.jobs_found)}`;
}
