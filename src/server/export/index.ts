// The export module's public face: the streaming writers and the download names the routes send.
import type { ExportFormat } from '../../contract';
import { writeJobsCsv } from './jobs-csv';
import { writeJobsNdjson } from './jobs-ndjson';
import { writeJobsXlsx, type ExportJob } from './jobs-xlsx';

export {
  writeJobsXlsx,
  EXPORT_COLUMNS,
  type ExportJob,
  type WriteJobsXlsxOptions,
} from './jobs-xlsx';
export { writeJobsCsv } from './jobs-csv';
export { writeJobsNdjson, toExportedJob } from './jobs-ndjson';
export { EXCEL_MAX_CELL_TEXT } from './cell-text';
export {
  batchExportFileName,
  jobsExportFileName,
  runExportFileName,
} from '../../contract/export-file-names';

/** Streams jobs into `out` in the asked format; see each writer for what it promises. */
export function writeJobs(
  format: ExportFormat,
  jobs: AsyncIterable<ExportJob> | Iterable<ExportJob>,
  out: NodeJS.WritableStream,
): Promise<{ rows: number }> {
  switch (format) {
    case 'xlsx':
      return writeJobsXlsx(jobs, out);
    case 'csv':
      return writeJobsCsv(jobs, out);
    case 'json':
      return writeJobsNdjson(jobs, out);
  }
}
