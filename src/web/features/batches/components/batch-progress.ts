import type { Batch } from '../../../../contract/batches';

const jobs = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

/**
 * What a working batch has done so far, for the small line under its status badge:
 * "2/5 queries · 140 jobs" while scraping, "enriching 40/120" while fetching details.
 * Nothing for a finished batch, or when the server sent no progress.
 */
export function batchProgressText(batch: Batch): string | null {
  const p = batch.progress;
  if (!p) return null;
  if (batch.status === 'running')
    return `${p.runs_done}/${p.runs_total} queries · ${jobs(p.jobs_found)}`;
  if (batch.status === 'enriching') return `enriching ${p.jobs_enriched}/${p.jobs_to_enrich}`;
  return null;
}
