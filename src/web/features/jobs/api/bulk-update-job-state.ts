import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { BULK_STATE_MAX_IDS } from '../../../../contract/jobs';
import { bulkJobStateResponseSchema, type JobState } from './jobs-schema';
import { afterTriage, setStateInLists } from './update-job-state';

export { BULK_STATE_MAX_IDS };

/** Sends the ids in calls of at most 500, one after another; answers how many changed. */
export async function bulkUpdateJobState({
  ids,
  state,
}: {
  ids: number[];
  state: JobState;
}): Promise<number> {
  let updated = 0;
  for (let start = 0; start < ids.length; start += BULK_STATE_MAX_IDS) {
    const answer = await apiRequest('/jobs/state', bulkJobStateResponseSchema, {
      method: 'POST',
      body: { ids: ids.slice(start, start + BULK_STATE_MAX_IDS), state },
    });
    updated += answer.updated;
  }
  return updated;
}

export function useBulkUpdateJobState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateJobState,
    onSuccess: async (_, { ids, state }) => {
      setStateInLists(queryClient, ids, state);
      await afterTriage(queryClient, ids);
    },
  });
}
