import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  notificationChannelListSchema,
  type NotificationChannel,
} from '../../../../../contract/notifications';
import { apiRequest } from '../../../../lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;
export const channelsQueryKey = [...notificationsQueryKey, 'channels'] as const;

export function getChannels({ signal }: { signal?: AbortSignal } = {}): Promise<
  NotificationChannel[]
> {
  return apiRequest('/notifications/channels', notificationChannelListSchema, { signal });
}

export function getChannelsQueryOptions() {
  return queryOptions({
    queryKey: channelsQueryKey,
    queryFn: ({ signal }) => getChannels({ signal }),
  });
}

export function useChannels() {
  return useQuery(getChannelsQueryOptions());
}
