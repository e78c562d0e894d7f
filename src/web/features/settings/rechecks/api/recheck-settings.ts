import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  recheckSettingsAnswerSchema,
  type RecheckSettings,
  type RecheckSettingsAnswer,
} from '../../../../../contract/rechecks';
import { apiRequest } from '../../../../lib/api-client';

// GET/PUT /rechecks/settings (issue 41): how often a saved, applied or flagged job is re-read to
// learn whether it closed, how many re-reads a batch makes, and how many jobs that watches now.

export const recheckSettingsQueryKey = ['rechecks', 'settings'] as const;

export function getRecheckSettings({
  signal,
}: { signal?: AbortSignal } = {}): Promise<RecheckSettingsAnswer> {
  return apiRequest('/rechecks/settings', recheckSettingsAnswerSchema, { signal });
}

export function useRecheckSettings() {
  return useQuery(
    queryOptions({
      queryKey: recheckSettingsQueryKey,
      queryFn: ({ signal }) => getRecheckSettings({ signal }),
    }),
  );
}

export function saveRecheckSettings(body: RecheckSettings): Promise<RecheckSettingsAnswer> {
  return apiRequest('/rechecks/settings', recheckSettingsAnswerSchema, { method: 'PUT', body });
}

export function useSaveRecheckSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecheckSettings,
    onSuccess: (saved) => queryClient.setQueryData(recheckSettingsQueryKey, saved),
  });
}
