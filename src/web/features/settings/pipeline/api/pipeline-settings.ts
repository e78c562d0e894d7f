import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pipelineSettingsSchema, type PipelineSettings } from '../../../../../contract/pipeline';
import { apiRequest } from '../../../../lib/api-client';

// GET/PUT /pipeline/settings (issue 33): when No answer is set, and the reminders' lead.

export const pipelineSettingsQueryKey = ['pipeline', 'settings'] as const;

export function getPipelineSettings({
  signal,
}: { signal?: AbortSignal } = {}): Promise<PipelineSettings> {
  return apiRequest('/pipeline/settings', pipelineSettingsSchema, { signal });
}

export function usePipelineSettings() {
  return useQuery(
    queryOptions({
      queryKey: pipelineSettingsQueryKey,
      queryFn: ({ signal }) => getPipelineSettings({ signal }),
    }),
  );
}

export function savePipelineSettings(body: PipelineSettings): Promise<PipelineSettings> {
  return apiRequest('/pipeline/settings', pipelineSettingsSchema, { method: 'PUT', body });
}

export function useSavePipelineSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePipelineSettings,
    onSuccess: (saved) => queryClient.setQueryData(pipelineSettingsQueryKey, saved),
  });
}
