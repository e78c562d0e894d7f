import type { Batch } from '../../../../contract/batches';

const jobs = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

const MODE_WORDS = {
  full: 'full',
  incremental: 'incremental',
  mixed: 'partly incremental',
} as const;

/**
 * What a batch has done, for the small line under its status badge: "2/5 queries · 140 jobs"
 * while scraping, "enriching 40/120" while fetching details, and once completed how its
 * standard runs searched, "incremental: 12 new of 31" (issue 10). Nothing otherwise.
 */
export function batchProgressText(batch: Batch): string | null {
  if (batch.status === 'completed')
    return batch.search_mode === null
      ? null
      : `${MODE_WORDS[batch.search_mode]}: ${batch.jobs_new} new of ${batch.jobs_total}`;
  const p = batch.progress;
  if (!p) return null;
  if (batch.status === 'running')
    return `${p.runs_done}/${p.runs_total} queries · ${jobs(p.jobs_found)}`;
  if (batch.status === 'enriching') return `enriching ${p.jobs_enriched}/${p.jobs_to_enrich}`;
  return null;
}
