import SQLite from '../../db/sqlite-driver';
import { z } from 'zod';
import { BLOCKED_JOB_SQL } from '../../db/blocked-jobs';
import type { ExportJob } from '../export';
import { jobDescriptionSql } from '../../db/jobs/job-descriptions';

// The rows of the two exports, read straight from the database one at a time. Each export
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
});
type ExportRow = z.infer<typeof exportRowSchema>;

const JOB_COLUMNS = `j.id, j.title, j.company_name, j.company_id, j.location, j.posted_at, j.salary, j.seniority,
  j.employment_type, j.job_function, j.industries, j.applicants, j.easy_apply, j.url,
  ${jobDescriptionSql('description')} AS description`;

/**
 * A batch's jobs, each once: a job found by several runs of the batch is listed under the
 * first run that found it (its Search Term and Search Location), in run order then rank.
 * Jobs of companies blocked now are left out, whenever they were blocked.
 * The "+" keeps SQLite from walking the batch's earlier runs for every row (100 runs ×
 * 100,000 rows took 9 s): it looks the job's few links up by job id instead.
 */
const BATCH_SQL = `
  SELECT ${JOB_COLUMNS}, r.job_title AS search_term, r.location AS search_location,
         (j.first_seen_batch_id = r.batch_id) AS is_new
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
         (j.first_seen_batch_id = r.batch_id) AS is_new
  FROM query_runs r
  JOIN query_run_jobs l ON l.query_run_id = r.id
  JOIN jobs j ON j.id = l.job_id
  WHERE r.id = @run AND NOT ${BLOCKED_JOB_SQL}
  ORDER BY l.rank`;

/** "57 applicants" is a count; "Over 200 applicants" keeps the site's wording. */
function applicants(text: string | null): number | string | null {
  if (text === null) return null;
  const exact = /^(\d[\d,]*)\s+applicants?$/i.exec(text.trim());
  return exact?.[1] ? Number(exact[1].replaceAll(',', '')) : text;
}

/** The site gives a posting day (YYYY-MM-DD): a date cell at midnight. */
function postedDate(day: string | null): Date | null {
  if (day === null || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function toExportJob(row: ExportRow): ExportJob {
  return {
    jobId: row.id,
    title: row.title,
    company: row.company_name,
    companyId: row.company_id,
    location: row.location,
    postedAt: postedDate(row.posted_at),
    salary: row.salary,
    seniority: row.seniority,
    employmentType: row.employment_type,
    jobFunction: row.job_function,
    industries: row.industries,
    applicants: applicants(row.applicants),
    easyApply: row.easy_apply === null ? null : row.easy_apply === 1,
    url: row.url,
    description: row.description,
    searchTerm: row.search_term,
    searchLocation: row.search_location,
    isNew: row.is_new === 1,
  };
}

async function* readRows(
  databaseFile: string,
  sql: string,
  params: Record<string, number>,
): AsyncGenerator<ExportJob> {
  const reader = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    reader.pragma('busy_timeout = 5000');
    // for…of closes the iterator (and so the statement) when the consumer stops early.
    for (const raw of reader.prepare(sql).iterate(params)) {
      yield toExportJob(exportRowSchema.parse(raw));
    }
  } finally {
    reader.close();
  }
}

/** The rows of `GET /batches/{id}/export`. */
export function batchExportJobs(databaseFile: string, batchId: number): AsyncGenerator<ExportJob> {
  return readRows(databaseFile, BATCH_SQL, { batch: batchId });
}

/** The rows of `GET /query-runs/{id}/export`. */
export function runExportJobs(databaseFile: string, runId: number): AsyncGenerator<ExportJob> {
  return readRows(databaseFile, RUN_SQL, { run: runId });
}
