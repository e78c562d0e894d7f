import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  overviewHeadlinesSchema,
  overviewMarketSchema,
  overviewNewJobsSchema,
  overviewSearchesSchema,
  overviewSiteHealthSchema,
  overviewTriageSchema,
} from '../../../../contract/overview';
import { overviewPipelineSchema } from '../../../../contract/pipeline';
import { apiRequest, type ContractSchema } from '../../../lib/api-client';
import { overviewParamsToApi, type OverviewParams } from '../overview-params';

export const overviewQueryKey = ['overview'] as const;

/** One of the Overview's calls, `GET /overview/{part}?range=…&query=…`, parsed by its schema. */
export function getOverviewQueryOptions<T>(
  part: string,
  schema: ContractSchema<T>,
  view: OverviewParams,
) {
  const search = overviewParamsToApi(view).toString();
  return queryOptions({
    queryKey: [...overviewQueryKey, part, search],
    queryFn: ({ signal }) => apiRequest(`/overview/${part}?${search}`, schema, { signal }),
    // A new range or query keeps the old figures (dimmed) until the new ones come.
    placeholderData: keepPreviousData,
  });
}

// Each section fetches its own call, so a slow one holds up no other.
export const useHeadlines = (view: OverviewParams) =>
  useQuery(getOverviewQueryOptions('headlines', overviewHeadlinesSchema, view));
export const useNewJobs = (view: OverviewParams) =>
  useQuery(getOverviewQueryOptions('new-jobs', overviewNewJobsSchema, view));
export const useSearches = (view: OverviewParams) =>
  useQuery(getOverviewQueryOptions('searches', overviewSearchesSchema, view));
export const useMarket = (view: OverviewParams) =>
  useQuery(getOverviewQueryOptions('market', overviewMarketSchema, view));
export const useTriage = (view: OverviewParams) =>
  useQuery(getOverviewQueryOptions('triage', overviewTriageSchema, view));
export const useSiteHealth = (view: OverviewParams) =>
  useQuery(getOverviewQueryOptions('site-health', overviewSiteHealthSchema, view));
/** The application pipeline's funnel and time in stage (issue 33), shown in the Triage section. */
export const usePipeline = (view: OverviewParams) =>
  useQuery(getOverviewQueryOptions('pipeline', overviewPipelineSchema, view));
