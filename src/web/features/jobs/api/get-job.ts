import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKey } from './get-jobs';
import { jobDetailSchema, type JobDetail } from './jobs-schema';

export const jobQueryKey = (id: number) => [...jobsQueryKey, 'detail', id] as const;

export function getJob(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<JobDetail> {
  return apiRequest(`/jobs/${id}`, jobDetailSchema, { signal });
}

export function getJobQueryOptions(id: number) {
  return queryOptions({
    queryKey: jobQueryKey(id),
    queryFn: ({ signal }) => getJob(id, { signal }),
  });
}

export function useJob(id: number) {
  return useQuery(getJobQueryOptions(id));
}
