// The export module's public face: the streaming writers and the download names the routes send.
import type { ExportFormat } from '../../contract';
import { writeJobsCsv, writeSheetCsv } from './jobs-csv';
import { writeJobsNdjson, writeNdjson } from './jobs-ndjson';
import { writeJobsXlsx, writeSheetXlsx, type ExportJob, type SheetSpec } from './jobs-xlsx';

export {
  writeJobsXlsx,
  writeSheetXlsx,
  urlValue,
  fitColumns,
  EXPORT_COLUMNS,
  type CellValue,
  type ExportJob,
  type SheetColumn,
  type SheetSpec,
  type WriteJobsXlsxOptions,
} from './jobs-xlsx';
export { writeJobsCsv, writeSheetCsv } from './jobs-csv';
export { writeJobsNdjson, writeNdjson, toExportedJob, fitFields } from './jobs-ndjson';
export { EXCEL_MAX_CELL_TEXT } from './cell-text';
export {
  batchExportFileName,
  jobsExportFileName,
  pipelineExportFileName,
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

/**
 * Streams any rows into `out` in the asked format: the sheet `spec` as .xlsx or CSV, each row
 * made a JSON line by `toLine` as NDJSON (issue 33: the pipeline's export).
 */
export function writeRows<Row>(
  format: ExportFormat,
  rows: AsyncIterable<Row> | Iterable<Row>,
  spec: SheetSpec<Row>,
  toLine: (row: Row) => unknown,
  out: NodeJS.WritableStream,
): Promise<{ rows: number }> {
  switch (format) {
    case 'xlsx':
      return writeSheetXlsx(rows, spec, out);
    case 'csv':
      return writeSheetCsv(rows, spec, out);
    case 'json':
      return writeNdjson(rows, toLine, out);
  }
}
