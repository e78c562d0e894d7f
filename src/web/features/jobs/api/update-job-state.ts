import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKey } from './get-jobs';
import { jobStateResponseSchema, type JobList, type JobState } from './jobs-schema';

export function updateJobState({ id, state }: { id: number; state: JobState }) {
  return apiRequest(`/jobs/${id}`, jobStateResponseSchema, { method: 'PATCH', body: { state } });
}

/**
 * The rows change at once (a triage click must feel instant); the lists are then fetched again,
 * so a job that no longer matches the filters (e.g. hidden) leaves them.
 */
export function useUpdateJobState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJobState,
    onSuccess: async ({ id, state }) => {
      setStateInLists(queryClient, [id], state);
      await queryClient.invalidateQueries({ queryKey: jobsQueryKey });
    },
  });
}

/** Writes a new state into every cached page that holds these jobs. */
export function setStateInLists(
  queryClient: ReturnType<typeof useQueryClient>,
  ids: readonly number[],
  state: JobState,
): void {
  const wanted = new Set(ids);
  queryClient.setQueriesData<InfiniteData<JobList>>(
    { queryKey: [...jobsQueryKey, 'list'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((job) => (wanted.has(job.id) ? { ...job, state } : job)),
        })),
      },
  );
}
