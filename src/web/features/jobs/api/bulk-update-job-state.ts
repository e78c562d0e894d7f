import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKey } from './get-jobs';
import { bulkJobStateResponseSchema, type JobState } from './jobs-schema';
import { setStateInLists } from './update-job-state';

/** The API takes at most this many ids per call (issue 9). */
export const BULK_STATE_MAX_IDS = 500;

export function bulkUpdateJobState({ ids, state }: { ids: number[]; state: JobState }) {
  return apiRequest('/jobs/state', bulkJobStateResponseSchema, {
    method: 'POST',
    body: { ids, state },
  });
}

export function useBulkUpdateJobState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateJobState,
    onSuccess: async (_, { ids, state }) => {
      setStateInLists(queryClient, ids, state);
      await queryClient.invalidateQueries({ queryKey: jobsQueryKey });
    },
  });
}
