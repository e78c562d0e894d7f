import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_BATCH_POLL_MS } from '../../../../contract/constants';
import { queryRunListSchema, type QueryRun } from '../../../../contract/query-runs';
import { apiRequest } from '../../../lib/api-client';

export const queryRunsQueryKey = ['query-runs'] as const;

/** Newest first, as the server sends them (DESIGN.md); this screen does not re-sort. */
export function getQueryRuns({ signal }: { signal?: AbortSignal } = {}): Promise<QueryRun[]> {
  return apiRequest('/query-runs', queryRunListSchema, { signal });
}

export function getQueryRunsQueryOptions() {
  return queryOptions({
    queryKey: queryRunsQueryKey,
    queryFn: ({ signal }) => getQueryRuns({ signal }),
    // Issue 5: poll every 3 s while a run is scraping, and stop once none is, so the usual
    // 5-minute freshness applies again. Enrichment changes no run, so it needs no polling here.
    refetchInterval: (query) =>
      query.state.data?.some((run) => run.status === 'running') ? ACTIVE_BATCH_POLL_MS : false,
  });
}

export function useQueryRuns() {
  return useQuery(getQueryRunsQueryOptions());
}
