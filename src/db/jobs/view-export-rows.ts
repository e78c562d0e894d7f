import type { JobExportQuery } from '../../contract';
import { EXPORT_FACT_COLUMNS, readExportRows, type ExportRow } from './export-rows';
import { jobDescriptionSql } from './job-descriptions';
import { listQuerySql } from './list-sql';

// "Export this view": the list's own SQL (same filters, same order, no page), so the
// spreadsheet holds exactly the rows the screen would show, in the same order, with the batch
// export's columns. Read on a connection of its own, like the batch export (see there).

/**
 * Which run's search term and location a row names, and which batch "New" is about: the
 * filtered run or batch when there is one, else the first run that found the job and the latest
 * batch that found it.
 */
function exportColumns(query: JobExportQuery): string {
  const runScope =
    query.run !== undefined
      ? 'AND r.id = @run'
      : query.batch !== undefined
        ? 'AND r.batch_id = @batch'
        : '';
  const firstRun = (column: string) => `(SELECT r.${column} FROM query_run_jobs l
      JOIN query_runs r ON r.id = l.query_run_id WHERE l.job_id = j.id ${runScope}
      ORDER BY l.query_run_id LIMIT 1)`;
  const newIn =
    query.batch !== undefined
      ? '@batch'
      : query.new_in_batch !== undefined
        ? '@newInBatch'
        : query.run !== undefined
          ? '(SELECT batch_id FROM query_runs WHERE id = @run)'
          : `(SELECT MAX(r.batch_id) FROM query_run_jobs l JOIN query_runs r ON r.id = l.query_run_id
              WHERE l.job_id = j.id)`;
  return `j.id, j.title, j.company_name, j.company_id, j.location, j.posted_at, j.salary, j.seniority,
    j.employment_type, j.job_function, j.industries, j.applicants, j.easy_apply, j.url,
    ${jobDescriptionSql('description')} AS description,
    COALESCE(${firstRun('job_title')}, '') AS search_term,
    COALESCE(${firstRun('location')}, '') AS search_location,
    (j.first_seen_batch_id IS ${newIn}) AS is_new, ${EXPORT_FACT_COLUMNS}`;
}

/** The rows of `GET /jobs/export`, in the list's order. */
export function* viewExportRows(
  databaseFile: string,
  query: JobExportQuery,
  now: number,
): Generator<ExportRow> {
  // Each location is its own job in a spreadsheet: the export never groups (issue 17).
  const sql = listQuerySql({ ...query, grouped: false }, now);
  if (sql.empty) return;
  yield* readExportRows(databaseFile, sql.select(exportColumns(query)), sql.params);
}
