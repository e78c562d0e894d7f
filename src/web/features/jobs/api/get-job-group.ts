import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { JOB_STATES, JOBS_PAGE_MAX } from '../../../../contract/jobs';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKey } from './get-jobs';
import { jobListSchema } from './jobs-schema';

/**
 * The jobs of one group (the same role in several places), each its own job to triage. While the
 * list shows hidden jobs, the hidden members come too, so every job the row stands for can be
 * reached from it (issue 30); otherwise they stay out, as they do from the list.
 */
export function getJobGroupQueryOptions(key: string, withHidden: boolean) {
  return infiniteQueryOptions({
    // Under the jobs key: a triage change refreshes an open group with the list.
    queryKey: [...jobsQueryKey, 'group', key, withHidden ? 'all' : 'listed'],
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ group: key, limit: String(JOBS_PAGE_MAX) });
      if (withHidden) params.set('state', JOB_STATES.join(','));
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest(`/jobs?${params.toString()}`, jobListSchema, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useJobGroup(key: string, withHidden: boolean, enabled: boolean) {
  return useInfiniteQuery({ ...getJobGroupQueryOptions(key, withHidden), enabled });
}
