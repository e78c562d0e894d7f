import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../lib/api-client';
import { jobsExportFileName } from '../../../../contract/export-file-names';
import type { ExportFormat } from '../../../../contract/export-formats';
import { JOBS_EXPORT_FILE_NAME } from '../../../../contract/jobs';
import { jobFiltersToParams, type JobFilters } from '../job-filters';

export { JOBS_EXPORT_FILE_NAME };

/**
 * "Export this view": the same filters as the list, as the batch export's spreadsheet, or as
 * CSV or NDJSON (issue 18). The .xlsx is asked for exactly as before, without a format.
 */
export async function exportJobs({
  filters,
  format = 'xlsx',
}: {
  filters: JobFilters;
  format?: ExportFormat;
}): Promise<void> {
  const params = jobFiltersToParams(filters);
  if (format !== 'xlsx') params.set('format', format);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  saveBlob(await apiDownload(`/jobs/export${query}`), jobsExportFileName(format));
}

export function useExportJobs() {
  return useMutation({ mutationFn: exportJobs });
}
