import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobFiltersToParams, type JobFilters } from '../job-filters';
import { jobListSchema, type JobList } from './jobs-schema';

/** Every cached answer about jobs starts with this key, so one invalidation refreshes them all. */
export const jobsQueryKey = ['jobs'] as const;

/** One page of the list; 50 rows fill a screen twice without making the first answer slow. */
export const JOBS_PAGE_SIZE = 50;

export function getJobs(
  filters: JobFilters,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<JobList> {
  const params = jobFiltersToParams(filters);
  // One row per same-role group: the screen asks for it, the API's default is every job (issue
  // 30). It stays out of the screen's URL, which holds the filters alone.
  params.set('grouped', 'true');
  params.set('limit', String(JOBS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/jobs?${params.toString()}`, jobListSchema, { signal });
}

export function getJobsQueryOptions(filters: JobFilters) {
  return infiniteQueryOptions({
    queryKey: [...jobsQueryKey, 'list', jobFiltersToParams(filters).toString()],
    queryFn: ({ signal, pageParam }) => getJobs(filters, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // While a new search or filter loads, the old rows stay (dimmed) instead of a skeleton flash.
    placeholderData: keepPreviousData,
  });
}

export function useJobs(filters: JobFilters) {
  return useInfiniteQuery(getJobsQueryOptions(filters));
}
