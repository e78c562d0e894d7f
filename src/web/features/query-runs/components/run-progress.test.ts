import { describe, expect, it } from 'vitest';
import type { QueryRun } from '../../../../contract/query-runs';
import { runProgressText } from './run-progress';

const run: QueryRun = {
  id: 10,
  batch_id: 3,
  query_id: 2,
  job_title: 'Data Analyst',
  location: 'Berlin, Germany',
  is_ai: false,
  status: 'completed',
  start_time: null,
  end_time: null,
  error: null,
  pages_fetched: 3,
  jobs_found: 42,
  jobs_new: 0,
  search_mode: null,
  parsed_partly: [],
};

describe('runProgressText', () => {
  it('shows "N jobs · M new" under a completed AI-powered run', () => {
    expect(runProgressText({ ...run, jobs_new: 7 })).toBe('42 jobs · 7 new');
  });

  it('shows how a completed standard run searched', () => {
    expect(runProgressText({ ...run, search_mode: 'incremental', jobs_new: 12 })).toBe(
      'incremental: 12 new of 42',
    );
  });

  it('shows nothing under a failed run', () => {
    expect(runProgressText({ ...run, status: 'failed', jobs_new: 7 })).toBeNull();
  });

  it('shows the pages and jobs of a running run', () => {
    expect(runProgressText({ ...run, status: 'running', jobs_found: 1 })).toBe('page 3 · 1 job');
  });
});
