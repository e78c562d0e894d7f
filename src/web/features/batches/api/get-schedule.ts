import { useQuery } from '@tanstack/react-query';
import { dailyScheduleSchema, type DailyScheduleWire } from '../../../../contract/operations';
import { apiRequest } from '../../../lib/api-client';

export const scheduleQueryKey = ['schedule'] as const;

export function getSchedule({ signal }: { signal?: AbortSignal } = {}): Promise<DailyScheduleWire> {
  return apiRequest('/schedule', dailyScheduleSchema, { signal });
}

/** The next daily batch; re-read every minute, since "today" turns into "tomorrow" on its own. */
export function useSchedule() {
  return useQuery({
    queryKey: scheduleQueryKey,
    queryFn: ({ signal }) => getSchedule({ signal }),
    refetchInterval: 60_000,
  });
}
