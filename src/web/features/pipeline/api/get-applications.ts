import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { applicationListSchema } from '../../../../contract/pipeline';
import { apiRequest } from '../../../lib/api-client';
import { pipelineFiltersToApi, type PipelineFilters } from '../pipeline-params';

/** Every cached answer about applications starts with this key (the Jobs panel's too). */
export const applicationsQueryKey = ['applications'] as const;

export const applicationListKey = (filters: PipelineFilters) =>
  [...applicationsQueryKey, 'list', { query: filters.query, company: filters.company }] as const;

/** `GET /applications?query=&company=`: the whole pipeline at once (it is never paged). */
export function getApplicationsQueryOptions(filters: PipelineFilters) {
  const search = pipelineFiltersToApi(filters).toString();
  return queryOptions({
    queryKey: applicationListKey(filters),
    queryFn: ({ signal }) =>
      apiRequest(`/applications${search ? `?${search}` : ''}`, applicationListSchema, { signal }),
    // A new filter keeps the old cards (dimmed) until the new ones come, instead of a flash.
    placeholderData: keepPreviousData,
  });
}

export function useApplications(filters: PipelineFilters) {
  return useQuery(getApplicationsQueryOptions(filters));
}
