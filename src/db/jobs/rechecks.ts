import { z } from 'zod';
import { sqliteOf, type ConnectionLike } from '../connection';
import { BLOCKED_JOB_SQL } from '../companies/blocked-jobs';

// Issue 41, round two (docs/decisions/065): the jobs re-read after a batch to learn whether they
// closed. Watched are the jobs the operator cares about: Saved or Applied on the Pipeline board,
// and jobs a flag rule labels (not hidden), whose page was not found closed yet and whose
// company is not blocked. Read through the applications' and the flags' own indexes (a few
// hundred jobs), then each job by its key: never a scan of every job. Prepared, as the runner's
// other statements (decision 052).

const WATCHED_SQL = `WITH watched(id) AS (
    SELECT job_id FROM applications WHERE stage IN ('saved', 'applied') AND left_at IS NULL
    UNION
    SELECT f.job_id FROM job_flags f JOIN jobs fj ON fj.id = f.job_id WHERE fj.state <> 'hidden'
  )
  SELECT j.id, j.last_checked_at, j.recheck_gone_at FROM watched w JOIN jobs j ON j.id = w.id
  WHERE j.closed_at IS NULL AND NOT ${BLOCKED_JOB_SQL}`;

/**
 * Due: never read, or last read `everyMs` ago or more; a job whose page was found gone is due
 * again after `goneMs` (its second 404 on another day closes it). Oldest-read first.
 */
const DUE_SQL = `SELECT id FROM (${WATCHED_SQL}) AS watched_jobs
  WHERE CASE WHEN recheck_gone_at IS NULL
    THEN last_checked_at IS NULL OR last_checked_at <= @readBefore
    ELSE recheck_gone_at <= @goneBefore END
  ORDER BY last_checked_at IS NOT NULL, last_checked_at, CAST(id AS INTEGER)
  LIMIT @limit`;

const idSchema = z.union([z.string(), z.number()]).transform(String);
const goneSchema = z.object({
  closed_at: z.number().nullable(),
  recheck_gone_at: z.number().nullable(),
});

export interface DueAsk {
  now: number;
  /** A job read this long ago or more is due. */
  everyMs: number;
  /** A job whose page was found gone is due again this long after. */
  goneMs: number;
  limit: number;
}

export class JobRechecks {
  private readonly s;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      due: p(DUE_SQL).pluck(),
      watched: p(`SELECT COUNT(*) FROM (${WATCHED_SQL})`).pluck(),
      gone: p('SELECT closed_at, recheck_gone_at FROM jobs WHERE id = ?'),
      strike: p('UPDATE jobs SET recheck_gone_at = @now WHERE id = @id'),
      close: p(`UPDATE jobs SET closed_at = @now, recheck_gone_at = NULL WHERE id = @id`),
    };
  }

  /** The watched jobs due for a re-check at `now`, at most `limit`, oldest-read first. */
  due(ask: DueAsk): string[] {
    if (ask.limit <= 0) return [];
    return this.s.due
      .all({
        readBefore: ask.now - ask.everyMs,
        goneBefore: ask.now - ask.goneMs,
        limit: ask.limit,
      })
      .map((id) => idSchema.parse(id));
  }

  /** How many jobs are watched now (the Settings card's figure). */
  watched(): number {
    return z.number().parse(this.s.watched.get());
  }

  /**
   * A re-check found the job's page gone (HTTP 404 or 410). The first time is a strike: a page can
   * be missing for a moment. A second one at least `confirmMs` after the first closes the job, as
   * a page that says so would. Answers whether this closed it. Part of a write.
   */
  pageGone(jobId: string, now: number, confirmMs: number): { newlyClosed: boolean } {
    const raw: unknown = this.s.gone.get(jobId);
    if (raw === undefined) return { newlyClosed: false };
    const row = goneSchema.parse(raw);
    if (row.closed_at !== null) return { newlyClosed: false };
    if (row.recheck_gone_at !== null && row.recheck_gone_at <= now - confirmMs) {
      this.s.close.run({ id: jobId, now });
      return { newlyClosed: true };
    }
    // A second 404 too soon (two batches on one day) is no corroboration: the first one stands.
    if (row.recheck_gone_at === null) this.s.strike.run({ id: jobId, now });
    return { newlyClosed: false };
  }
}
