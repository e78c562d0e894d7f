import { useMutation } from '@tanstack/react-query';
import { runExportFileName } from '../../../../contract/export-file-names';
import type { QueryRun } from '../../../../contract/query-runs';
import { apiDownload, saveBlob } from '../../../lib/api-client';

type ExportableRun = Pick<QueryRun, 'id' | 'batch_id' | 'job_title'>;

/** Downloads a completed run's spreadsheet as `{batch_id}-{name}.xlsx` (SPEC.md §7). */
export async function exportQueryRun(run: ExportableRun): Promise<void> {
  const blob = await apiDownload(`/query-runs/${run.id}/export`);
  saveBlob(blob, runExportFileName(run.batch_id, run.job_title));
}

export function useExportQueryRun() {
  return useMutation({
    mutationFn: exportQueryRun,
    // SPEC.md §8: a failed export is logged only and shows nothing to the operator.
    onError: (error, run) => console.warn(`Export of query run ${run.id} failed:`, error),
  });
}
