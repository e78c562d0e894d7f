import { sql } from 'kysely';
import type { Db } from '../database';
import type { QueryRunRow } from '../schema';
import { DRIFT_FIELDS_OF_BATCH } from './batches';

export interface QueryRunWithCounts extends QueryRunRow {
  /** Distinct jobs of the run first seen in its batch. */
  jobs_new: number;
  /** Issue 32: its batch's drifting fields, comma-separated; null when none. */
  drift_fields: string | null;
}

function selectRuns(db: Db) {
  return db
    .selectFrom('query_runs as r')
    .selectAll('r')
    .select([
      sql<number>`(SELECT COUNT(*) FROM query_run_jobs l JOIN jobs j ON j.id = l.job_id
        WHERE l.query_run_id = r.id AND j.first_seen_batch_id = r.batch_id)`.as('jobs_new'),
      sql<string | null>`(${DRIFT_FIELDS_OF_BATCH} r.batch_id)`.as('drift_fields'),
    ]);
}

/** Every query run, newest first. */
export async function listQueryRuns(db: Db): Promise<QueryRunWithCounts[]> {
  return selectRuns(db).orderBy('r.id', 'desc').execute();
}

export async function findQueryRun(db: Db, id: number): Promise<QueryRunWithCounts | undefined> {
  return selectRuns(db).where('r.id', '=', id).executeTakeFirst();
}
