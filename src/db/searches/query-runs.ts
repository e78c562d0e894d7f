import { sql } from 'kysely';
import type { Db } from '../database';
import type { QueryRunRow } from '../schema';

export interface QueryRunWithCounts extends QueryRunRow {
  /** Distinct jobs of the run first seen in its batch. */
  jobs_new: number;
}

function selectRuns(db: Db) {
  return db
    .selectFrom('query_runs as r')
    .selectAll('r')
    .select(
      sql<number>`(SELECT COUNT(*) FROM query_run_jobs l JOIN jobs j ON j.id = l.job_id
        WHERE l.query_run_id = r.id AND j.first_seen_batch_id = r.batch_id)`.as('jobs_new'),
    );
}

/** Every query run, newest first. */
export async function listQueryRuns(db: Db): Promise<QueryRunWithCounts[]> {
  return selectRuns(db).orderBy('r.id', 'desc').execute();
}

export async function findQueryRun(db: Db, id: number): Promise<QueryRunWithCounts | undefined> {
  return selectRuns(db).where('r.id', '=', id).executeTakeFirst();
}
