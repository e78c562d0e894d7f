import { useMutation } from '@tanstack/react-query';
import { batchExportFileName } from '../../../../contract/export-file-names';
import { apiDownload, saveBlob } from '../../../lib/api-client';

/** Downloads a completed batch's spreadsheet and saves it as `batch-{id}.xlsx` (SPEC.md §7). */
export async function exportBatch(batchId: number): Promise<void> {
  const blob = await apiDownload(`/batches/${batchId}/export?format=xlsx`);
  saveBlob(blob, batchExportFileName(batchId));
}

export function useExportBatch() {
  return useMutation({
    mutationFn: exportBatch,
    // SPEC.md §8: a failed export is logged only and shows nothing to the operator.
    onError: (error, batchId) => console.warn(`Export of batch ${batchId} failed:`, error),
  });
}
