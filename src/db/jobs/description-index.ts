import SQLite from '../sqlite-driver';
import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';

/**
 * How many descriptions the store writes before it indexes their jobs together. FTS5 costs about
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
/** The waiting jobs as the index takes them: a job not yet described has an empty description. */
const WAITING_SQL = `SELECT w.job_id AS id, j.title, j.company_name, j.location,
    COALESCE(d.description, '') AS description
  FROM jobs_fts_pending w CROSS JOIN jobs j ON j.id = w.job_id
    LEFT JOIN job_descriptions d ON d.job_id = w.job_id`;
const BUSY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);

/**
 * The jobs stored and the descriptions written since the search index last took them
 * (migrations 0013, 0015 and 0016 put their ids in `jobs_fts_pending`). The store indexes a
 * job once its description is written, a few dozen at a time, and whatever still waits when a
 * batch ends (a job hidden on its card, or whose details failed); whoever searches the index
 * (the Jobs list, a rule's preview or apply, an export) calls `catchUp` first, so no search
 * misses a job or a word already stored (docs/decisions/038 and 045).
 */
export class DescriptionIndex {
  private readonly s;
  /** Jobs whose description the store wrote since it last indexed them (`described`). */
  private readonly writtenSince: string[] = [];

  private readonly sqlite: SQLite.Database;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      // The waiting few first: the planner knows nothing of this table's size and would
      // otherwise walk `jobs`.
      waiting: p(WAITING_SQL),
      any: p('SELECT EXISTS (SELECT 1 FROM jobs_fts_pending) AS n'),
      // One row at a time: a contentless FTS5 table answers `rowid IN (…)` by reading it all.
      unindex: p('DELETE FROM jobs_fts WHERE rowid = CAST(? AS INTEGER)'),
      index: p(
        `INSERT INTO jobs_fts (rowid, title, company, location, description)
         VALUES (CAST(@id AS INTEGER), @title, @company_name, @location, @description)`,
      ),
      done: p('DELETE FROM jobs_fts_pending'),
      waitingJob: p(`${WAITING_SQL} WHERE w.job_id = ?`),
      jobDone: p('DELETE FROM jobs_fts_pending WHERE job_id = ?'),
    };
  }

  /** Indexes every waiting job, in one transaction; answers how many. */
  catchUp(): number {
    if (countSchema.parse(this.s.any.get()).n === 0) return 0;
    return this.sqlite.transaction(() => {
      const rows = this.s.waiting.all().map((raw) => waitingSchema.parse(raw));
      for (const row of rows) this.index(row);
      // A waiting job deleted since left with its row (its trigger); none is left behind.
      this.s.done.run();
      this.writtenSince.length = 0;
      return rows.length;
    })();
  }

  private index(row: z.infer<typeof waitingSchema>): void {
    this.s.unindex.run(row.id);
    this.s.index.run(row);
  }

  /**
   * `catchUp` for a reader: when another process holds the database's write lock past the busy
   * timeout, the search goes on without the waiting jobs (they stay waiting, for the next
   * reader or the store) rather than failing. Joined to a transaction the API has open
   * on the connection, the catch-up commits or rolls back with it, the waiting list with it.
   */
  catchUpForSearch(): void {
    try {
      this.catchUp();
    } catch (error) {
      if (!(error instanceof SQLite.SqliteError) || !BUSY.has(error.code)) throw error;
    }
  }

  /**
   * After the store wrote a job's description: the job is indexed with the next few dozen, and
   * only they. The batch's other new jobs go on waiting for their descriptions, so a job is
   * indexed once, with its description, instead of once for its card and again for its details
   * (docs/decisions/045). Each is indexed as it stands then, and only if it still waits: a
   * reader may have caught it up since, or the write that stored it rolled back.
   */
  described(jobId: string): void {
    this.writtenSince.push(jobId);
    if (this.writtenSince.length < DESCRIPTIONS_WAITING_MAX) return;
    const ids = this.writtenSince.splice(0);
    this.sqlite.transaction(() => {
      for (const id of ids) {
        const row: unknown = this.s.waitingJob.get(id);
        if (row === undefined) continue;
        this.index(waitingSchema.parse(row));
        this.s.jobDone.run(id);
      }
    })();
  }
}
