import { queryOptions, useQuery } from '@tanstack/react-query';
import { JOBS_PAGE_MAX } from '../../../../contract/jobs';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKey } from './get-jobs';
import { jobListSchema } from './jobs-schema';

/** The jobs of one group (the same role in several places), each its own job to triage. */
export function getJobGroupQueryOptions(key: string) {
  const params = new URLSearchParams({ group: key, limit: String(JOBS_PAGE_MAX) });
  return queryOptions({
    // Under the jobs key: a triage change refreshes an open group with the list.
    queryKey: [...jobsQueryKey, 'group', key],
    queryFn: ({ signal }) => apiRequest(`/jobs?${params.toString()}`, jobListSchema, { signal }),
  });
}

export function useJobGroup(key: string, enabled: boolean) {
  return useQuery({ ...getJobGroupQueryOptions(key), enabled });
}
