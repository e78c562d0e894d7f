import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';

// What GET /schedule reads to tell when the daily batch starts next (issue 12): whether a day's
// daily batch is claimed already, and how many queries a batch would run.

const countSchema = z.object({ n: z.number() });

/** The daily batch claimed for a day, if any (batches.daily_date is UNIQUE). */
export const DAILY_CLAIM_SQL = 'SELECT id FROM batches WHERE daily_date = ?';

/** A daily batch claimed `dailyDate` (YYYY-MM-DD in the configured zone), whatever its end. */
export function isDailyClaimed(connection: ConnectionLike, dailyDate: string): boolean {
  const sqlite = sqliteOf(connection);
  return sqlite.prepare(DAILY_CLAIM_SQL).get(dailyDate) !== undefined;
}

/** The queries a batch would run: the active ones. */
export function countActiveQueries(connection: ConnectionLike): number {
  const sqlite = sqliteOf(connection);
  return countSchema.parse(
    sqlite.prepare("SELECT COUNT(*) AS n FROM queries WHERE status = 'active'").get(),
  ).n;
}
