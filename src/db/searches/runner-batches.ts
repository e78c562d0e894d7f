import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import type { BatchKind } from '../../contract';
import { DAILY_CLAIM_SQL } from './daily-claims';

// The batch queue's statements on batches (decision 052: prepared, because the runner writes
// them in synchronous transactions of its own). Each transition is one short statement, so
// progress is on disk the moment it happens and a killed process loses at most its request
// in flight.

export const batchRowSchema = z.object({
  id: z.number(),
  kind: z.enum(['daily', 'manual']),
  status: z.enum(['running', 'enriching', 'completed', 'failed']),
  started_at: z.number().nullable(),
  finished_at: z.number().nullable(),
  error: z.string().nullable(),
  daily_date: z.string().nullable(),
  jobs_to_enrich: z.number(),
  jobs_enriched: z.number(),
});
export type StoredBatch = z.infer<typeof batchRowSchema>;

const idRowSchema = z.object({ id: z.union([z.number(), z.string()]) });

export type CancelRequest = 'requested' | 'ended' | 'not-found';

export type ClaimResult =
  { claimed: true; batch: StoredBatch } | { claimed: false; reason: 'busy' | 'already-claimed' };

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    batch: p('SELECT * FROM batches WHERE id = ?'),
    active: p(`SELECT id FROM batches WHERE status IN ('running','enriching') ORDER BY id`),
    dailyFor: p(DAILY_CLAIM_SQL),
    insertBatch: p(
      `INSERT INTO batches (kind, status, started_at, daily_date) VALUES (@kind, 'running', @now, @dailyDate)`,
    ),
    // A batch the operator cancelled is never moved on by the runner's other transitions: the
    // cancel and the transition are serialised by SQLite, and whichever lands first wins.
    setStatus: p(
      'UPDATE batches SET status = @status WHERE id = @batch AND cancel_requested_at IS NULL',
    ),
    finishBatch: p(
      `UPDATE batches SET status = @status, error = @error, finished_at = @now
       WHERE id = @batch AND cancel_requested_at IS NULL`,
    ),
    requestCancel: p(
      `UPDATE batches SET cancel_requested_at = COALESCE(cancel_requested_at, @now)
       WHERE id = @batch AND status IN ('running','enriching')`,
    ),
    cancelRequested: p('SELECT 1 FROM batches WHERE id = ? AND cancel_requested_at IS NOT NULL'),
    // The run in flight keeps what it stored: with a page, a partial result (exportable);
    // without one, nothing to show, so it failed.
    cancelRunning: p(
      `UPDATE query_runs SET end_time = @now,
         status = CASE WHEN pages_fetched > 0 THEN 'completed' ELSE 'failed' END,
         error = CASE WHEN pages_fetched > 0 THEN NULL ELSE @reason END
       WHERE batch_id = @batch AND status = 'running'`,
    ),
    // The active queries the batch had not reached get a failed run each, so the Query Runs
    // screen shows what the cancel left out. An enriching batch has run all of its queries.
    cancelNotStarted: p(
      `INSERT INTO query_runs (batch_id, query_id, job_title, location, location_id, is_ai, status, end_time, error)
       SELECT @batch, q.id, q.job_title, q.display_name, q.location_id, q.is_ai, 'failed', @now, @reason
       FROM queries q
       WHERE q.status = 'active' AND (SELECT status FROM batches WHERE id = @batch) = 'running'
         AND q.id > (SELECT COALESCE(MAX(query_id), 0) FROM query_runs WHERE batch_id = @batch)
       ORDER BY q.id`,
    ),
    cancelBatch: p(
      `UPDATE batches SET status = 'failed', error = @reason, finished_at = @now
       WHERE id = @batch AND status IN ('running','enriching')`,
    ),
    setToEnrich: p(
      'UPDATE batches SET jobs_to_enrich = @total, jobs_enriched = @done WHERE id = @batch',
    ),
    enriched: p('UPDATE batches SET jobs_enriched = jobs_enriched + ? WHERE id = ?'),
  };
}

/** The batches as the runner's queue claims, moves on, cancels and ends them. */
export class RunnerBatches {
  private readonly s;

  private readonly sqlite: SQLite.Database;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    this.s = prepare(sqlite);
  }

  batch(id: number): StoredBatch | undefined {
    const row: unknown = this.s.batch.get(id);
    return row === undefined ? undefined : batchRowSchema.parse(row);
  }

  /** Batches left running or enriching (by a stopped or killed process), oldest first. */
  unfinishedIds(): number[] {
    return this.s.active.all().map((r) => Number(idRowSchema.parse(r).id));
  }

  /**
   * Creates a batch unless one is running or enriching (or, for a daily batch, one was
   * already claimed for that day), atomically: BEGIN IMMEDIATE takes SQLite's write lock
   * before the check, so two processes on one file cannot both pass it.
   */
  claim(kind: BatchKind, now: number, dailyDate: string | null): ClaimResult {
    const claim = this.sqlite.transaction((): ClaimResult => {
      if (this.s.active.get() !== undefined) return { claimed: false, reason: 'busy' };
      if (dailyDate !== null && this.s.dailyFor.get(dailyDate) !== undefined) {
        return { claimed: false, reason: 'already-claimed' };
      }
      const info = this.s.insertBatch.run({ kind, now, dailyDate });
      const batch = this.batch(Number(info.lastInsertRowid));
      if (!batch) throw new Error('batch vanished right after insert');
      return { claimed: true, batch };
    });
    return claim.immediate();
  }

  isDailyClaimed(dailyDate: string): boolean {
    return this.s.dailyFor.get(dailyDate) !== undefined;
  }

  /** False when the operator cancelled the batch first: it must then end cancelled. */
  setEnriching(batchId: number): boolean {
    return this.s.setStatus.run({ batch: batchId, status: 'enriching' }).changes > 0;
  }

  /** False when the operator cancelled the batch first: it must then end cancelled. */
  finish(batchId: number, status: 'completed' | 'failed', error: string | null, now: number) {
    return this.s.finishBatch.run({ batch: batchId, status, error, now }).changes > 0;
  }

  /**
   * Records the operator's wish to cancel a running or enriching batch. The runner driving it,
   * in this process or another, sees it at its next check and ends the batch.
   */
  requestCancel(batchId: number, now: number): CancelRequest {
    if (this.s.requestCancel.run({ batch: batchId, now }).changes > 0) return 'requested';
    return this.batch(batchId) ? 'ended' : 'not-found';
  }

  cancelRequested(batchId: number): boolean {
    return this.s.cancelRequested.get(batchId) !== undefined;
  }

  /** Ends a cancelled batch, its run in flight and the runs it had not started (in the caller's transaction). */
  finishCancelled(batchId: number, reason: string, now: number): void {
    const params = { batch: batchId, reason, now };
    this.s.cancelRunning.run(params);
    this.s.cancelNotStarted.run(params);
    this.s.cancelBatch.run(params);
  }

  setEnrichTotals(batchId: number, total: number, done: number): void {
    this.s.setToEnrich.run({ batch: batchId, total, done });
  }

  /** Counts `count` more jobs of the batch enriched (or tried). */
  addEnriched(batchId: number, count: number): void {
    this.s.enriched.run(count, batchId);
  }
}
