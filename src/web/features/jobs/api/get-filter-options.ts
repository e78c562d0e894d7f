import { queryOptions, useQuery } from '@tanstack/react-query';
import { batchListSchema } from '../../../../contract/batches';
import { queryRunListSchema } from '../../../../contract/query-runs';
import { apiRequest } from '../../../lib/api-client';

// The Batches and Query Runs screens' cache keys (same calls, same schemas): features never
// import each other, so they are named here, and the three screens share the cached answers.
const batchesQueryKey = ['batches'] as const;
const queryRunsQueryKey = ['query-runs'] as const;

/** The batches and query runs the filters offer, newest first. */
export function useFilterBatches() {
  return useQuery(
    queryOptions({
      queryKey: batchesQueryKey,
      queryFn: ({ signal }) => apiRequest('/batches', batchListSchema, { signal }),
      select: (batches) => [...batches].sort((a, b) => b.id - a.id),
    }),
  );
}

/** `enabled` false: not asked for (a chip that needs the list only while its filter is set). */
export function useFilterRuns(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: queryRunsQueryKey,
      queryFn: ({ signal }) => apiRequest('/query-runs', queryRunListSchema, { signal }),
      enabled,
    }),
  );
}
