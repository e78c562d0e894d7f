import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { repostSettingsSchema, type RepostSettings } from '../../../../contract/reposts';
import { apiRequest } from '../../../lib/api-client';

export const repostSettingsQueryKey = ['reposts', 'settings'] as const;

export function getRepostSettingsQueryOptions() {
  return queryOptions({
    queryKey: repostSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest('/reposts/settings', repostSettingsSchema, { signal }),
  });
}

export function useRepostSettings() {
  return useQuery(getRepostSettingsQueryOptions());
}

export function saveRepostSettings(body: RepostSettings): Promise<RepostSettings> {
  return apiRequest('/reposts/settings', repostSettingsSchema, { method: 'PUT', body });
}

export function useSaveRepostSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRepostSettings,
    onSuccess: (saved) => queryClient.setQueryData(repostSettingsQueryKey, saved),
  });
}
