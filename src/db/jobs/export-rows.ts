import SQLite from '../sqlite-driver';
import { z } from 'zod';
import { BLOCKED_JOB_SQL } from '../companies/blocked-jobs';
import { jobDescriptionSql } from './job-descriptions';

// The rows of the exports, read straight from the database one at a time. Each export
// gets a read-only connection of its own: better-sqlite3 keeps a connection busy for as long
// as an iterator is open, and a download paced by a slow client must not lock the server's
// main connection (the runner writes through it). In WAL mode the reader also sees one
// consistent snapshot from start to end, whatever the runner stores meanwhile.

export const exportRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  company_name: z.string(),
  company_id: z.number().nullable(),
  location: z.string(),
  posted_at: z.string().nullable(),
  salary: z.string().nullable(),
  seniority: z.string().nullable(),
  employment_type: z.string().nullable(),
  job_function: z.string().nullable(),
  industries: z.string().nullable(),
  applicants: z.string().nullable(),
  easy_apply: z.number().nullable(),
  url: z.string(),
  description: z.string().nullable(),
  search_term: z.string(),
  search_location: z.string(),
  is_new: z.number(),
  closed_at: z.number().nullable(),
  apply_url: z.string().nullable(),
  fit_score: z.number().nullable(),
});
/** A job as an export reads it; the server makes it an export's row (toExportJob). */
export type ExportRow = z.infer<typeof exportRowSchema>;

const JOB_COLUMNS = `j.id, j.title, j.company_name, j.company_id, j.location, j.posted_at, j.salary, j.seniority,
  j.employment_type, j.job_function, j.industries, j.applicants, j.easy_apply, j.url,
  ${jobDescriptionSql('description')} AS description`;

/**
 * Issue 41's columns, and issue 40's best fit, read last as the files show them last
 * (docs/decisions/062 and 063).
 */
export const EXPORT_FACT_COLUMNS = 'j.closed_at, j.apply_url, j.fit_score';

/**
 * A batch's jobs, each once: a job found by several runs of the batch is listed under the
 * first run that found it (its Search Term and Search Location), in run order then rank.
 * Jobs of companies blocked now are left out, whenever they were blocked.
 * The "+" keeps SQLite from walking the batch's earlier runs for every row (100 runs ×
 * 100,000 rows took 9 s): it looks the job's few links up by job id instead.
 */
const BATCH_SQL = `
  SELECT ${JOB_COLUMNS}, r.job_title AS search_term, r.location AS search_location,
         (j.first_seen_batch_id = r.batch_id) AS is_new, ${EXPORT_FACT_COLUMNS}
  FROM query_runs r
  JOIN query_run_jobs l ON l.query_run_id = r.id
  JOIN jobs j ON j.id = l.job_id
  WHERE r.batch_id = @batch
    AND NOT EXISTS (
      SELECT 1 FROM query_run_jobs l2 JOIN query_runs r2 ON r2.id = l2.query_run_id
      WHERE l2.job_id = l.job_id AND l2.query_run_id < l.query_run_id AND +r2.batch_id = r.batch_id)
    AND NOT ${BLOCKED_JOB_SQL}
  ORDER BY r.id, l.rank`;

const RUN_SQL = `
  SELECT ${JOB_COLUMNS}, r.job_title AS search_term, r.location AS search_location,
         (j.first_seen_batch_id = r.batch_id) AS is_new, ${EXPORT_FACT_COLUMNS}
  FROM query_runs r
  JOIN query_run_jobs l ON l.query_run_id = r.id
  JOIN jobs j ON j.id = l.job_id
  WHERE r.id = @run AND NOT ${BLOCKED_JOB_SQL}
  ORDER BY l.rank`;

/** The rows of `sql` on a read-only connection of their own, closed with the iteration. */
export function* readExportRows(
  databaseFile: string,
  sql: string,
  params: Record<string, string | number>,
): Generator<ExportRow> {
  const reader = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    reader.pragma('busy_timeout = 5000');
    // for…of closes the iterator (and so the statement) when the consumer stops early.
    for (const raw of reader.prepare(sql).iterate(params)) {
      yield exportRowSchema.parse(raw);
    }
  } finally {
    reader.close();
  }
}

/** The rows of `GET /batches/{id}/export`. */
export function batchExportRows(databaseFile: string, batchId: number): Generator<ExportRow> {
  return readExportRows(databaseFile, BATCH_SQL, { batch: batchId });
}

/** The rows of `GET /query-runs/{id}/export`. */
export function runExportRows(databaseFile: string, runId: number): Generator<ExportRow> {
  return readExportRows(databaseFile, RUN_SQL, { run: runId });
}
