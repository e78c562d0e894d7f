import type { Batch } from '../../../../contract/batches';

const jobs = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

const MODE_WORDS = {
  full: 'full',
  incremental: 'incremental',
  mixed: 'partly incremental',
} as const;

/**
 * What a batch has done, for the small line under its status badge: "2/5 queries · 140 jobs"
 * while scraping, "enriching 40/120" while fetching details; once completed, how its standard
 * runs searched, "incremental: 12 new of 31" (issue 10), or for a batch of AI-powered runs only,
 * "140 jobs · 37 new" (issue 9). Nothing for a failed batch.
 */
export function batchProgressText(batch: Batch): string | null {
  if (batch.status === 'completed')
    return batch.search_mode === null
      ? `${jobs(batch.jobs_total)} · ${batch.jobs_new} new`
      : `${MODE_WORDS[batch.search_mode]}: ${batch.jobs_new} new of ${batch.jobs_total}`;
  const p = batch.progress;
  if (!p) return null;
  if (batch.status === 'running')
    return `${p.runs_done}/${p.runs_total} queries · ${jobs(p.jobs_found)}`;
  if (batch.status === 'enriching') return `enriching ${p.jobs_enriched}/${p.jobs_to_enrich}`;
  return null;
}
