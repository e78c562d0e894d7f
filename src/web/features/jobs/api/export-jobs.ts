import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../lib/api-client';
import { JOBS_EXPORT_FILE_NAME } from '../../../../contract/jobs';
import { jobFiltersToParams, type JobFilters } from '../job-filters';

export { JOBS_EXPORT_FILE_NAME };

/** "Export this view": the same filters as the list, as the batch export's spreadsheet. */
export async function exportJobs(filters: JobFilters): Promise<void> {
  const params = jobFiltersToParams(filters);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  saveBlob(await apiDownload(`/jobs/export${query}`), JOBS_EXPORT_FILE_NAME);
}

export function useExportJobs() {
  return useMutation({ mutationFn: exportJobs });
}
