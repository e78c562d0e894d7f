import { sql } from 'kysely';
import type { Db } from './database';

/** Resolves when the database answers a query (GET /healthz); rejects with why not. */
export async function databaseAnswers(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
