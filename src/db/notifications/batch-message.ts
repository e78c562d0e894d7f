import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import { BLOCKED_JOB_SQL } from '../companies/blocked-jobs';
import { batchRowSchema } from '../searches/runner-batches';

// What a batch's end message says (server/notifications/message.ts composes it), read from the
// batch, its new jobs and its failed query runs: reads that join the searches' and the jobs'
// tables (decision 052).

const batchRow = batchRowSchema.pick({
  id: true,
  kind: true,
  status: true,
  started_at: true,
  finished_at: true,
  error: true,
});
const jobRow = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string(),
  company_name: z.string(),
  location: z.string(),
  url: z.string(),
  fit_score: z.number().nullable(),
});
const failedRunRow = z.object({
  query_id: z.number(),
  job_title: z.string(),
  location: z.string(),
  error: z.string().nullable(),
});

// Same rule as the runner's enrichment and the export: a blocked company's jobs are not news.
const NOT_BLOCKED = `NOT ${BLOCKED_JOB_SQL}`;
// Nor are the jobs a rule or the operator's earlier triage hid, or a rule muted (issue 17), or a
// posting already closed when its page was first read (issue 41: nothing left to apply to).
const LISTED = `j.state <> 'hidden' AND j.muted_by_rule_id IS NULL AND j.closed_at IS NULL`;
const countsRow = z.object({
  n: z.number(),
  hidden: z.number(),
  listed: z.number(),
  strong: z.number(),
});
/** Issue 40: a job of the least fit asked for (@least, a band's floor), or any job without one. */
const FITTING = `(@least IS NULL OR j.fit_score >= @least)`;

export interface BatchMessageRows {
  batch: z.infer<typeof batchRow>;
  /**
   * The batch's new jobs (blocked companies left out), those a rule hid, those listed (of the
   * least fit asked for, when one is), and how many of those are strong fits (issue 40).
   */
  counts: z.infer<typeof countsRow>;
  /** The first `jobsListed` of the new jobs the message may name, strong fits first (best first). */
  jobs: Array<z.infer<typeof jobRow>>;
  failed: Array<z.infer<typeof failedRunRow>>;
  /**
   * Issue 41: the jobs the operator cares about (on the Pipeline board, or flagged and not
   * hidden) found closed from the end of the last completed batch before this one until this
   * one's end (each closing in one window only). The re-checks run after a batch's end
   * (decision 065), so a batch's message counts what the re-checks after the one before found.
   */
  closed: number;
}

/** Jobs on the board or flagged (not hidden), as the re-checks watch them, closed or not. */
const CARED_SQL = `WITH cared(id) AS (
    SELECT job_id FROM applications WHERE left_at IS NULL
    UNION
    SELECT f.job_id FROM job_flags f JOIN jobs fj ON fj.id = f.job_id WHERE fj.state <> 'hidden'
  )`;

/**
 * The rows of a batch's end message, read synchronously (it runs inside the runner's finishing
 * transaction, so it sees exactly what that transaction commits).
 */
export function readBatchMessageRows(
  connection: ConnectionLike,
  batchId: number,
  jobsListed: number,
  fit: { least: number | null; strong: number },
): BatchMessageRows {
  const fitParams = { batch: batchId, least: fit.least, strong: fit.strong };
  const sqlite = sqliteOf(connection);
  const batch = batchRow.parse(
    sqlite
      .prepare('SELECT id, kind, status, started_at, finished_at, error FROM batches WHERE id = ?')
      .get(batchId),
  );
  const counts = countsRow.parse(
    sqlite
      .prepare(
        `SELECT COUNT(*) AS n,
           COALESCE(SUM(j.state = 'hidden' AND j.hidden_by_rule_id IS NOT NULL), 0) AS hidden,
           COALESCE(SUM(${LISTED} AND ${FITTING}), 0) AS listed,
           COALESCE(SUM(${LISTED} AND ${FITTING} AND j.fit_score >= @strong), 0) AS strong
         FROM jobs j WHERE j.first_seen_batch_id = @batch AND ${NOT_BLOCKED}`,
      )
      .get(fitParams),
  );
  // Issue 40: the strong fits lead, best first; the rest as they were found.
  const jobs = sqlite
    .prepare(
      `SELECT j.id, j.title, j.company_name, j.location, j.url, j.fit_score FROM jobs j
       WHERE j.first_seen_batch_id = @batch AND ${NOT_BLOCKED} AND ${LISTED} AND ${FITTING}
       ORDER BY CASE WHEN j.fit_score >= @strong THEN j.fit_score ELSE -1 END DESC,
         j.first_seen_at, j.rowid LIMIT @limit`,
    )
    .all({ ...fitParams, limit: jobsListed })
    .map((r) => jobRow.parse(r));
  const failed = sqlite
    .prepare(
      `SELECT query_id, job_title, location, error FROM query_runs
       WHERE batch_id = ? AND status = 'failed' ORDER BY id`,
    )
    .all(batchId)
    .map((r) => failedRunRow.parse(r));
  const closed = z.number().parse(
    sqlite
      .prepare(
        `${CARED_SQL}
         SELECT COUNT(*) FROM cared c JOIN jobs j ON j.id = c.id
         WHERE j.closed_at < @until AND j.closed_at >= COALESCE((SELECT MAX(b.finished_at)
             FROM batches b WHERE b.status = 'completed' AND b.id < @batch), -1)
           AND ${NOT_BLOCKED}`,
      )
      .pluck()
      .get({ batch: batchId, until: batch.finished_at ?? Number.MAX_SAFE_INTEGER }),
  );
  return { batch, counts, jobs, failed, closed };
}
