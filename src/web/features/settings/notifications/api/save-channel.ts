import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificationChannelSchema,
  type NotificationChannel,
  type NotificationChannelWrite,
} from '../../../../../contract/notifications';
import { apiRequest } from '../../../../lib/api-client';
import { notificationsQueryKey } from './get-channels';

/** Creates a channel (no id) or replaces one; an omitted secret keeps the stored one. */
export function saveChannel({
  id,
  body,
}: {
  id: number | null;
  body: NotificationChannelWrite;
}): Promise<NotificationChannel> {
  return id === null
    ? apiRequest('/notifications/channels', notificationChannelSchema, { method: 'POST', body })
    : apiRequest(`/notifications/channels/${id}`, notificationChannelSchema, {
        method: 'PUT',
        body,
      });
}

export function useSaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
