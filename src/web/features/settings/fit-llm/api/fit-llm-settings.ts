import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fitLlmSettingsAnswerSchema,
  type FitLlmSettingsAnswer,
  type FitLlmSettingsBody,
} from '../../../../../contract/fit-llm';
import { apiRequest } from '../../../../lib/api-client';

// GET/PUT /fit/llm/settings (issue 40): the language model asked for a second opinion, its N and
// token budget, and the tokens used per day. The key is sent, never read back.

export const fitLlmSettingsQueryKey = ['fit', 'llm', 'settings'] as const;

export function getFitLlmSettings({
  signal,
}: { signal?: AbortSignal } = {}): Promise<FitLlmSettingsAnswer> {
  return apiRequest('/fit/llm/settings', fitLlmSettingsAnswerSchema, { signal });
}

export function useFitLlmSettings() {
  return useQuery(
    queryOptions({
      queryKey: fitLlmSettingsQueryKey,
      queryFn: ({ signal }) => getFitLlmSettings({ signal }),
    }),
  );
}

export function saveFitLlmSettings(body: FitLlmSettingsBody): Promise<FitLlmSettingsAnswer> {
  return apiRequest('/fit/llm/settings', fitLlmSettingsAnswerSchema, { method: 'PUT', body });
}

export function useSaveFitLlmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFitLlmSettings,
    onSuccess: (saved) => queryClient.setQueryData(fitLlmSettingsQueryKey, saved),
  });
}
