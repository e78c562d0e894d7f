import type { JobExportQuery } from '../../contract';
import { viewExportRows } from '../../db/jobs/view-export-rows';
import type { ExportJob } from '../export';
import { exportJobs } from '../batches/export-source';

/** The rows of `GET /jobs/export`, in the list's order (src/db/jobs/view-export-rows.ts). */
export function viewExportJobs(
  databaseFile: string,
  query: JobExportQuery,
  now: number,
  timeZone: string,
): AsyncGenerator<ExportJob> {
  return exportJobs(viewExportRows(databaseFile, query, now), timeZone);
}
