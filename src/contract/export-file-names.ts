import { RUN_EXPORT_TITLE_LENGTH } from './constants';
import { EXPORT_FILE_EXTENSIONS, type ExportFormat } from './export-formats';

// Download names of the two exports (SPEC.md §7). They live in the contract because the
// server sends them in Content-Disposition and the web client names the saved file with
// the same rule; one function keeps the two from drifting apart. The csv and json formats
// (issue 18) keep each name and change only the extension (EXPORT_FILE_EXTENSIONS).

/** `batch-{id}.xlsx` for `GET /batches/{id}/export?format=xlsx` (`.csv`, `.ndjson` for the others). */
export function batchExportFileName(batchId: number, format: ExportFormat = 'xlsx'): string {
  return `batch-${batchId}.${EXPORT_FILE_EXTENSIONS[format]}`;
}

/**
 * `{batch_id}-{name}.xlsx` for `GET /query-runs/{id}/export`, where name is the run's
 * job_title with spaces replaced by "-", then trimmed, then cut to its first 40 characters,
 * in exactly that order (SPEC.md §7). Because spaces become "-" before the trim, the trim
 * only removes other whitespace (tabs, newlines) at the ends.
 */
export function runExportFileName(
  batchId: number,
  jobTitle: string,
  format: ExportFormat = 'xlsx',
): string {
  let name = jobTitle.replaceAll(' ', '-').trim().slice(0, RUN_EXPORT_TITLE_LENGTH);
  // A cut between the two halves of a surrogate pair (an emoji at position 40) would leave a
  // lone surrogate, which is not a valid character in a file name or an HTTP header.
  if (/[\uD800-\uDBFF]$/.test(name)) name = name.slice(0, -1);
  return `${batchId}-${name}.${EXPORT_FILE_EXTENSIONS[format]}`;
}

/** `jobs.xlsx` for "Export this view" (`GET /jobs/export`), `jobs.csv`, `jobs.ndjson`. */
export function jobsExportFileName(format: ExportFormat = 'xlsx'): string {
  return `jobs.${EXPORT_FILE_EXTENSIONS[format]}`;
}

/**
 * `jobscout-pipeline-2026-11-02.xlsx` for `GET /applications/export` (`.csv`, `.ndjson`): the
 * day it was exported, in the server's time zone, so two downloads of different days sit apart.
 */
export function pipelineExportFileName(day: string, format: ExportFormat = 'xlsx'): string {
  return `jobscout-pipeline-${day}.${EXPORT_FILE_EXTENSIONS[format]}`;
}
