import type { Db } from '../db/database';
import type { QueryRunRow } from '../db/schema';

/** Every query run, newest first. */
export async function listQueryRuns(db: Db): Promise<QueryRunRow[]> {
  return db.selectFrom('query_runs').selectAll().orderBy('id', 'desc').execute();
}

export async function findQueryRun(db: Db, id: number): Promise<QueryRunRow | undefined> {
  return db.selectFrom('query_runs').selectAll().where('id', '=', id).executeTakeFirst();
}
