import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import type { SearchFilters } from '../../contract/search-filters';
import { parseStoredFilters } from './queries';

// The reads and writes of incremental runs (issue 10): which query run may anchor the next one,
// and what a run was planned to send. How a query is searched is the runner's to plan
// (src/runner/search-plan.ts, through src/runner/search-history.ts).

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

/** A standard query as it is searched: its term, place and stored filters. */
export interface SearchedQueryRow {
  job_title: string;
  location_id: number;
  filters: SearchFilters;
}

/** The query's last completed run that can anchor an incremental one. */
export type AnchorRunRow = z.infer<typeof previousRowSchema>;

/** What a run was planned to send, as query_runs records it. */
export interface RunPlanRecord {
  mode: 'full' | 'incremental';
  fingerprint: string;
  params: Record<string, string>;
}

export class SearchHistoryStore {
  private readonly s;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
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

  /** Query `queryId` (one that exists), its stored filters parsed back. */
  query(queryId: number): SearchedQueryRow {
    const query = queryRowSchema.parse(this.s.query.get(queryId));
    return {
      job_title: query.job_title,
      location_id: query.location_id,
      filters: parseStoredFilters(query.filters),
    };
  }

  /** The run that may anchor an incremental search of query `queryId`, if there is one. */
  previous(queryId: number): AnchorRunRow | undefined {
    const previous: unknown = this.s.previous.get(queryId);
    return previous === undefined ? undefined : previousRowSchema.parse(previous);
  }

  record(runId: number, plan: RunPlanRecord): void {
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
