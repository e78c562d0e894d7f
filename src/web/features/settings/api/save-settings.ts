import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsSchema, type Settings, type SettingsWrite } from '../../../../contract/settings';
import { apiRequest } from '../../../lib/api-client';
import { settingsQueryKey } from './get-settings';

export function saveSettings(settings: SettingsWrite): Promise<Settings> {
  return apiRequest('/settings', settingsSchema, { method: 'POST', body: settings });
}

/** SPEC.md §7: settings are re-fetched after each save. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}
