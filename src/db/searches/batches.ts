import { sql } from 'kysely';
import type { Db } from '../database';
import type { BatchRow } from '../schema';

/**
 * Issue 32's "parsed partly": the fields a completed batch's verdict found drifting (decision
 * 054), comma-separated, or null. Followed by the batch's id.
 */
export const DRIFT_FIELDS_OF_BATCH = sql`SELECT group_concat(f.field) FROM batch_field_fills f
  WHERE f.verdict = 'drift' AND f.batch_id =`;

export interface BatchWithProgress extends BatchRow {
  runs: number;
  runs_done: number;
  jobs_found: number;
  /** Active queries the batch has not reached yet (0 once it is past its running phase). */
  queries_left: number;
  jobs_new: number;
  jobs_total: number;
  runs_full: number;
  runs_incremental: number;
  /** Issue 32: the fields its drift verdict names, comma-separated; null when none. */
  drift_fields: string | null;
}

/** Every batch, newest first, with the counts its progress is made of. */
export async function listBatches(db: Db): Promise<BatchWithProgress[]> {
  return selectBatches(db).orderBy('b.id', 'desc').execute();
}

export async function findBatch(db: Db, id: number): Promise<BatchWithProgress | undefined> {
  return selectBatches(db).where('b.id', '=', id).executeTakeFirst();
}

function selectBatches(db: Db) {
  return db
    .selectFrom('batches as b')
    .selectAll('b')
    .select([
      sql<number>`(SELECT COUNT(*) FROM query_runs r WHERE r.batch_id = b.id)`.as('runs'),
      sql<number>`(SELECT COUNT(*) FROM query_runs r WHERE r.batch_id = b.id AND r.status <> 'running')`.as(
        'runs_done',
      ),
      sql<number>`(SELECT COALESCE(SUM(r.jobs_found), 0) FROM query_runs r WHERE r.batch_id = b.id)`.as(
        'jobs_found',
      ),
      // The runner takes the active queries after the batch's last one, in id order: while
      // it is running, those are the runs still to come.
      sql<number>`CASE WHEN b.status = 'running' THEN (
          SELECT COUNT(*) FROM queries q WHERE q.status = 'active'
            AND q.id > (SELECT COALESCE(MAX(r.query_id), 0) FROM query_runs r WHERE r.batch_id = b.id)
        ) ELSE 0 END`.as('queries_left'),
      sql<number>`(SELECT COUNT(*) FROM jobs j WHERE j.first_seen_batch_id = b.id)`.as('jobs_new'),
      sql<number>`(SELECT COUNT(DISTINCT l.job_id) FROM query_runs r
        JOIN query_run_jobs l ON l.query_run_id = r.id WHERE r.batch_id = b.id)`.as('jobs_total'),
      sql<number>`(SELECT COUNT(*) FROM query_runs r WHERE r.batch_id = b.id AND r.search_mode = 'full')`.as(
        'runs_full',
      ),
      sql<number>`(SELECT COUNT(*) FROM query_runs r WHERE r.batch_id = b.id AND r.search_mode = 'incremental')`.as(
        'runs_incremental',
      ),
      sql<string | null>`(${DRIFT_FIELDS_OF_BATCH} b.id)`.as('drift_fields'),
    ]);
}
