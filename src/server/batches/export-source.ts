import { dayInZone } from '../../contract/calendar-days';
import { batchExportRows, runExportRows, type ExportRow } from '../../db/jobs/export-rows';
import type { ExportJob } from '../export';

// The jobs of the exports as the writers take them: the rows are read by the jobs group
// (src/db/jobs/export-rows.ts, one at a time on a read-only connection of their own), and each
// becomes an export's row here.

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

/** `timeZone` is the server's: the day a job was found closed is the operator's day. */
export function toExportJob(row: ExportRow, timeZone: string): ExportJob {
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
    closedAt: row.closed_at === null ? null : new Date(row.closed_at),
    closedOn: row.closed_at === null ? null : postedDate(dayInZone(row.closed_at, timeZone)),
    applyUrl: row.apply_url,
    fitScore: row.fit_score,
  };
}

/** The rows as export jobs, as the writer asks for them. */
export async function* exportJobs(
  rows: Iterable<ExportRow>,
  timeZone: string,
): AsyncGenerator<ExportJob> {
  // for…of closes the rows (and so their connection) when the consumer stops early.
  for (const row of rows) yield toExportJob(row, timeZone);
}

/** The rows of `GET /batches/{id}/export`. */
export function batchExportJobs(
  databaseFile: string,
  batchId: number,
  timeZone: string,
): AsyncGenerator<ExportJob> {
  return exportJobs(batchExportRows(databaseFile, batchId), timeZone);
}

/** The rows of `GET /query-runs/{id}/export`. */
export function runExportJobs(
  databaseFile: string,
  runId: number,
  timeZone: string,
): AsyncGenerator<ExportJob> {
  return exportJobs(runExportRows(databaseFile, runId), timeZone);
}
