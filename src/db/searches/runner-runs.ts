import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';

// The query runs as the runner starts, advances and ends them (decision 052: prepared, inside
// the runner's synchronous page transactions).

const runRowSchema = z.object({
  id: z.number(),
  batch_id: z.number(),
  query_id: z.number(),
  job_title: z.string(),
  location: z.string(),
  location_id: z.number(),
  is_ai: z.number(),
  status: z.enum(['running', 'completed', 'failed']),
  next_start: z.number(),
});
export type StoredRun = z.infer<typeof runRowSchema>;

const queryRowSchema = z.object({
  id: z.number(),
  job_title: z.string(),
  display_name: z.string(),
  location_id: z.number(),
  is_ai: z.number(),
});
export type ActiveQuery = z.infer<typeof queryRowSchema>;

const countSchema = z.object({ n: z.number() });
const searchParamsSchema = z.object({ search_params: z.string().nullable() });

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    runsOfBatch: p('SELECT * FROM query_runs WHERE batch_id = ? ORDER BY id'),
    lastQueryId: p('SELECT COALESCE(MAX(query_id), 0) AS n FROM query_runs WHERE batch_id = ?'),
    nextQuery: p(
      `SELECT id, job_title, display_name, location_id, is_ai FROM queries
       WHERE status = 'active' AND id > ? ORDER BY id LIMIT 1`,
    ),
    insertRun: p(
      `INSERT INTO query_runs (batch_id, query_id, job_title, location, location_id, is_ai, status, start_time)
       VALUES (@batch, @query, @title, @location, @locationId, @isAi, 'running', @now)`,
    ),
    run: p('SELECT * FROM query_runs WHERE id = ?'),
    runSearchParams: p('SELECT search_params FROM query_runs WHERE id = ?'),
    link: p('INSERT OR IGNORE INTO query_run_jobs (query_run_id, job_id, rank) VALUES (?, ?, ?)'),
    pageDone: p(
      `UPDATE query_runs SET pages_fetched = pages_fetched + 1, next_start = @next,
         jobs_found = (SELECT COUNT(*) FROM query_run_jobs WHERE query_run_id = @run)
       WHERE id = @run`,
    ),
    finishRun: p(
      'UPDATE query_runs SET status = @status, error = @error, end_time = @now WHERE id = @run',
    ),
    runCounts: p(`SELECT COUNT(*) AS n FROM query_runs WHERE batch_id = ? AND status = ?`),
    firstFailure: p(
      `SELECT error FROM query_runs WHERE batch_id = ? AND status = 'failed' ORDER BY id LIMIT 1`,
    ),
  };
}

/** A batch's query runs: which query comes next, the pages each stored, how each ended. */
export class RunnerRuns {
  private readonly s;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.s = prepare(sqlite);
  }

  ofBatch(batchId: number): StoredRun[] {
    return this.s.runsOfBatch.all(batchId).map((r) => runRowSchema.parse(r));
  }

  /** The next active query after the batch's last run, in id order (re-read each time). */
  nextQuery(batchId: number): ActiveQuery | undefined {
    const last = countSchema.parse(this.s.lastQueryId.get(batchId)).n;
    const row: unknown = this.s.nextQuery.get(last);
    return row === undefined ? undefined : queryRowSchema.parse(row);
  }

  create(batchId: number, query: ActiveQuery, now: number): StoredRun {
    const info = this.s.insertRun.run({
      batch: batchId,
      query: query.id,
      title: query.job_title,
      location: query.display_name,
      locationId: query.location_id,
      isAi: query.is_ai,
      now,
    });
    return runRowSchema.parse(this.s.run.get(Number(info.lastInsertRowid)));
  }

  /** The site parameters the run was planned with, as stored (JSON text), or null. */
  searchParams(runId: number): string | null {
    const row = searchParamsSchema.safeParse(this.s.runSearchParams.get(runId));
    return row.success ? row.data.search_params : null;
  }

  /** Links a card to the run with its 1-based position (a replayed page links nothing twice). */
  link(runId: number, jobId: string, rank: number): void {
    this.s.link.run(runId, jobId, rank);
  }

  /** One more page stored, and the offset to resume from. */
  pageDone(runId: number, nextStart: number): void {
    this.s.pageDone.run({ run: runId, next: nextStart });
  }

  finish(runId: number, status: 'completed' | 'failed', error: string | null, now: number): void {
    this.s.finishRun.run({ run: runId, status, error, now });
  }

  count(batchId: number, status: 'completed' | 'failed' | 'running'): number {
    return countSchema.parse(this.s.runCounts.get(batchId, status)).n;
  }

  /** The reason of the batch's first failed run, for the batch's own reason. */
  firstFailure(batchId: number): string | null {
    const row: unknown = this.s.firstFailure.get(batchId);
    const parsed = z.object({ error: z.string().nullable() }).safeParse(row);
    return parsed.success ? parsed.data.error : null;
  }
}
