import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationChannelDeletedSchema } from '../../../../../contract/notifications';
import { apiRequest } from '../../../../lib/api-client';
import { notificationsQueryKey } from './get-channels';

export function deleteChannel(id: number): Promise<{ success: true }> {
  return apiRequest(`/notifications/channels/${id}`, notificationChannelDeletedSchema, {
    method: 'DELETE',
  });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
