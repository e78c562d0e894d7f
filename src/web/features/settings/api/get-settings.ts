import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsSchema, type Settings } from '../../../../contract/settings';
import { apiRequest } from '../../../lib/api-client';

export const settingsQueryKey = ['settings'] as const;

export function getSettings({ signal }: { signal?: AbortSignal } = {}): Promise<Settings> {
  return apiRequest('/settings', settingsSchema, { signal });
}

export function getSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings({ signal }),
  });
}

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
