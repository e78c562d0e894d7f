// The export module's public face: the streaming writer and the download names the routes send.
export {
  writeJobsXlsx,
  EXPORT_COLUMNS,
  type ExportJob,
  type WriteJobsXlsxOptions,
} from './jobs-xlsx';
export { EXCEL_MAX_CELL_TEXT } from './cell-text';
export { batchExportFileName, runExportFileName } from '../../contract/export-file-names';
