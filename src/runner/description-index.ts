import SQLite from 'better-sqlite3';
import { z } from 'zod';

/**
 * How many stored descriptions wait at most before they are indexed together. FTS5 costs about
 * 0.3 ms for each transaction that writes to it and some 40 µs a row beyond that when rows come
 * together (docs/decisions/038); 32 takes most of the saving and keeps the wait short.
 */
export const DESCRIPTIONS_WAITING_MAX = 32;

const waitingSchema = z.object({
  id: z.string(),
  title: z.string(),
  company_name: z.string(),
  location: z.string(),
  description: z.string(),
});
const countSchema = z.object({ n: z.number() });
const BUSY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);

/**
 * The descriptions stored since the search index last took them (migrations 0013 and 0015
 * put their rows in `jobs_fts_pending`). The store indexes them a few dozen at a time and when
 * a batch ends; whoever searches the index (the Jobs list, a rule's preview or apply, an
 * export) calls `catchUp` first, so no search misses a word of a description already stored.
 */
export class DescriptionIndex {
  private readonly s;

  constructor(private readonly sqlite: SQLite.Database) {
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      // The waiting few first: the planner knows nothing of this table's size and would
      // otherwise walk `jobs`.
      waiting: p(
        `SELECT w.job_id AS id, j.title, j.company_name, j.location,
           COALESCE(d.description, '') AS description
         FROM jobs_fts_pending w CROSS JOIN jobs j ON j.id = w.job_id
           LEFT JOIN job_descriptions d ON d.job_id = w.job_id`,
      ),
      any: p('SELECT EXISTS (SELECT 1 FROM jobs_fts_pending) AS n'),
      count: p('SELECT COUNT(*) AS n FROM jobs_fts_pending'),
      // One row at a time: a contentless FTS5 table answers `rowid IN (…)` by reading it all.
      unindex: p('DELETE FROM jobs_fts WHERE rowid = CAST(? AS INTEGER)'),
      index: p(
        `INSERT INTO jobs_fts (rowid, title, company, location, description)
         VALUES (CAST(@id AS INTEGER), @title, @company_name, @location, @description)`,
      ),
      done: p('DELETE FROM jobs_fts_pending'),
    };
  }

  /** Indexes every waiting description, in one transaction; answers how many. */
  catchUp(): number {
    if (countSchema.parse(this.s.any.get()).n === 0) return 0;
    return this.sqlite.transaction(() => {
      const rows = this.s.waiting.all().map((raw) => waitingSchema.parse(raw));
      for (const row of rows) {
        this.s.unindex.run(row.id);
        this.s.index.run(row);
      }
      // A waiting job deleted since left with its row (its trigger); none is left behind.
      this.s.done.run();
      return rows.length;
    })();
  }

  /**
   * `catchUp` for a reader: when another process holds the database's write lock past the busy
   * timeout, the search goes on without the few waiting descriptions (they stay waiting, for
   * the next reader or the store) rather than failing. Joined to a transaction the API has open
   * on the connection, the catch-up commits or rolls back with it, the waiting list with it.
   */
  catchUpForSearch(): void {
    try {
      this.catchUp();
    } catch (error) {
      if (!(error instanceof SQLite.SqliteError) || !BUSY.has(error.code)) throw error;
    }
  }

  /** After a description is stored: indexes the waiting ones once there are enough. */
  stored(): void {
    if (countSchema.parse(this.s.count.get()).n >= DESCRIPTIONS_WAITING_MAX) this.catchUp();
  }
}
