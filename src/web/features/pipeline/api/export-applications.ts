import { useMutation } from '@tanstack/react-query';
import { EXPORT_FILE_EXTENSIONS, type ExportFormat } from '../../../../contract/export-formats';
import { apiDownloadNamed, saveBlob } from '../../../lib/api-client';
import { pipelineFiltersToApi, type PipelineFilters } from '../pipeline-params';

/** The name when the server gives none: `pipeline.xlsx`, `pipeline.csv`, `pipeline.ndjson`. */
export const pipelineExportFallbackName = (format: ExportFormat): string =>
  `pipeline.${EXPORT_FILE_EXTENSIONS[format]}`;

/** `GET /applications/export?format=…` with the board's filters: what the screen shows. */
export async function exportApplications({
  filters,
  format,
}: {
  filters: PipelineFilters;
  format: ExportFormat;
}): Promise<void> {
  const params = pipelineFiltersToApi(filters);
  params.set('format', format);
  const { blob, fileName } = await apiDownloadNamed(`/applications/export?${params.toString()}`);
  saveBlob(blob, fileName ?? pipelineExportFallbackName(format));
}

export function useExportApplications() {
  return useMutation({ mutationFn: exportApplications });
}
