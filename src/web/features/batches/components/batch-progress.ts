import type { Batch } from '../../../../contract/batches';

const jobs = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

/**
 * Issue 9's counts on the wire: the distinct jobs the batch's runs found, and those first seen in
 * it. Optional here so that this line works with answers that don't carry them (yet).
 */
interface JobCounts {
  jobs_total?: number | null;
  jobs_new?: number | null;
}

/**
 * The small line under a batch's status badge: "2/5 queries · 140 jobs" while scraping,
 * "enriching 40/120" while fetching details, "140 jobs · 37 new" once completed. Nothing for a
 * failed batch, or when the server sent no figures.
 */
export function batchProgressText(batch: Batch & JobCounts): string | null {
  if (batch.status === 'completed' && typeof batch.jobs_total === 'number')
    return `${jobs(batch.jobs_total)} · ${batch.jobs_new ?? 0} new`;
  const p = batch.progress;
  if (!p) return null;
  if (batch.status === 'running')
    return `${p.runs_done}/${p.runs_total} queries · ${jobs(p.jobs_found)}`;
  if (batch.status === 'enriching') return `enriching ${p.jobs_enriched}/${p.jobs_to_enrich}`;
  return null;
}
