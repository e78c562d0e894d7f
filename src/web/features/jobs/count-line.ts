import type { JobList } from './api/jobs-schema';

const figure = (n: number, capped: boolean) => `${n.toLocaleString()}${capped ? '+' : ''}`;

/**
 * The line above the list: how many jobs the view holds and how many rows are loaded. A group's
 * row stands for several jobs, so while any does, the jobs and the rows are two figures (issue
 * 30): "3,706 jobs · showing 50 of 2,406 rows"; otherwise each row is one job.
 */
export function jobsCountLine(
  shown: number,
  first: Pick<JobList, 'total' | 'total_capped' | 'total_jobs' | 'total_jobs_capped'> | undefined,
): string {
  const rows = first?.total ?? 0;
  const rowsCapped = first?.total_capped ?? false;
  const jobs = first?.total_jobs ?? rows;
  const jobsCapped = first?.total_jobs_capped ?? rowsCapped;
  if (jobs === rows && jobsCapped === rowsCapped)
    return `Showing ${shown.toLocaleString()} of ${figure(rows, rowsCapped)} ${rows === 1 && !rowsCapped ? 'job' : 'jobs'}`;
  return `${figure(jobs, jobsCapped)} jobs · showing ${shown.toLocaleString()} of ${figure(rows, rowsCapped)} ${rows === 1 && !rowsCapped ? 'row' : 'rows'}`;
}
