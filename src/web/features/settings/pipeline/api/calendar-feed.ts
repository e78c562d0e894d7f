import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  type CalendarFeed,
  type CalendarFeedCreated,
} from '../../../../../contract/pipeline';
import { apiRequest } from '../../../../lib/api-client';

// GET/POST/DELETE /calendar-feed (issue 33): whether the feed exists; making one answers its URL
// once, and replaces the one before.

export const calendarFeedQueryKey = ['calendar-feed'] as const;

export function getCalendarFeed({ signal }: { signal?: AbortSignal } = {}): Promise<CalendarFeed> {
  return apiRequest('/calendar-feed', calendarFeedSchema, { signal });
}

export function useCalendarFeed() {
  return useQuery(
    queryOptions({
      queryKey: calendarFeedQueryKey,
      queryFn: ({ signal }) => getCalendarFeed({ signal }),
    }),
  );
}

export function createCalendarFeed(): Promise<CalendarFeedCreated> {
  return apiRequest('/calendar-feed', calendarFeedCreatedSchema, { method: 'POST' });
}

/** The answer holds the feed's secret URL: the caller shows it once and then `reset()`s. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (created) =>
      queryClient.setQueryData<CalendarFeed>(calendarFeedQueryKey, {
        feed: { created_at: created.created_at, last_used_at: created.last_used_at },
      }),
  });
}

export function revokeCalendarFeed(): Promise<CalendarFeed> {
  return apiRequest('/calendar-feed', calendarFeedSchema, { method: 'DELETE' });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: (state) => queryClient.setQueryData(calendarFeedQueryKey, state),
  });
}
