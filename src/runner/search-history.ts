import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import { normalizeFilters, searchFiltersWriteSchema } from '../contract/search-filters';
import { planSearch, type SearchPlan } from './search-plan';

// The runner's reads and writes for incremental runs (issue 10), beside BatchStore so that file
// stays as it was: which query run may anchor the next one, and what a run was planned to send.

const queryRowSchema = z.object({
  job_title: z.string(),
  location_id: z.number(),
  filters: z.string(),
});
const previousRowSchema = z.object({
  start_time: z.number(),
  search_fingerprint: z.string().nullable(),
});
const paramsRowSchema = z.object({ search_params: z.string().nullable() });
const paramsSchema = z.record(z.string(), z.string());

export class SearchHistory {
  private readonly s;

  constructor(
    sqlite: SQLite.Database,
    private readonly incremental = true,
  ) {
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      query: p('SELECT job_title, location_id, filters FROM queries WHERE id = ?'),
      // Only a run whose whole batch completed anchors: a batch that failed while enriching
      // left jobs without details, and a full window finds them again.
      previous: p(
        `SELECT r.start_time, r.search_fingerprint FROM query_runs r JOIN batches b ON b.id = r.batch_id
         WHERE r.query_id = ? AND r.is_ai = 0 AND r.status = 'completed' AND b.status = 'completed'
           AND r.start_time IS NOT NULL
         ORDER BY r.id DESC LIMIT 1`,
      ),
      setPlan: p(
        `UPDATE query_runs SET search_mode = @mode, search_fingerprint = @fingerprint, search_params = @params
         WHERE id = @run`,
      ),
      params: p('SELECT search_params FROM query_runs WHERE id = ?'),
    };
  }

  /** How query `queryId` should be searched now (a standard query that exists). */
  plan(queryId: number, now: number): SearchPlan {
    const query = queryRowSchema.parse(this.s.query.get(queryId));
    const filters = normalizeFilters(searchFiltersWriteSchema.parse(JSON.parse(query.filters)));
    const previous: unknown = this.incremental ? this.s.previous.get(queryId) : undefined;
    return planSearch(
      { job_title: query.job_title, location_id: query.location_id, filters },
      previous === undefined ? undefined : previousRowSchema.parse(previous),
      now,
    );
  }

  record(runId: number, plan: SearchPlan): void {
    this.s.setPlan.run({
      run: runId,
      mode: plan.mode,
      fingerprint: plan.fingerprint,
      params: JSON.stringify(plan.params),
    });
  }

  /** The parameters a run was planned with; none for AI runs and runs older than migration 0004. */
  params(runId: number): Record<string, string> {
    const row = paramsRowSchema.parse(this.s.params.get(runId));
    return row.search_params === null ? {} : paramsSchema.parse(JSON.parse(row.search_params));
  }
}
