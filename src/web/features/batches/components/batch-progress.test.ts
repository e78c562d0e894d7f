import { describe, expect, it } from 'vitest';
import type { Batch } from '../../../../contract/batches';
import { batchProgressText } from './batch-progress';

const batch: Batch = {
  id: 3,
  kind: 'manual',
  status: 'completed',
  started_at: null,
  finished_at: null,
  error: null,
  progress: null,
  jobs_new: 0,
  jobs_total: 0,
  search_mode: null,
  cancel_requested: false,
  parsed_partly: [],
};

describe('batchProgressText', () => {
  it('shows "N jobs · M new" under a completed batch of AI-powered runs', () => {
    expect(batchProgressText({ ...batch, jobs_total: 140, jobs_new: 37 })).toBe(
      '140 jobs · 37 new',
    );
    expect(batchProgressText({ ...batch, jobs_total: 1, jobs_new: 0 })).toBe('1 job · 0 new');
  });

  it('shows how the standard runs searched under a completed batch', () => {
    expect(batchProgressText({ ...batch, search_mode: 'mixed', jobs_total: 80, jobs_new: 5 })).toBe(
      'partly incremental: 5 new of 80',
    );
  });

  it('shows nothing under a failed batch', () => {
    expect(
      batchProgressText({ ...batch, status: 'failed', jobs_total: 3, jobs_new: 1 }),
    ).toBeNull();
  });

  it('shows the progress of a working batch', () => {
    const progress = {
      runs_total: 5,
      runs_done: 2,
      jobs_found: 140,
      jobs_to_enrich: 0,
      jobs_enriched: 0,
    };
    expect(batchProgressText({ ...batch, status: 'running', progress })).toBe(
      '2/5 queries · 140 jobs',
    );
  });
});
