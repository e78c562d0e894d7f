import { queryOptions, useQuery } from '@tanstack/react-query';
import { batchListSchema, type Batch } from '../../../../contract/batches';
import { ACTIVE_BATCH_POLL_MS } from '../../../../contract/constants';
import { apiRequest } from '../../../lib/api-client';

export const batchesQueryKey = ['batches'] as const;

export function getBatches({ signal }: { signal?: AbortSignal } = {}): Promise<Batch[]> {
  return apiRequest('/batches', batchListSchema, { signal });
}

/** A batch that is still working; its rows change while the operator watches. */
export function isBatchActive(batch: Batch): boolean {
  return batch.status === 'running' || batch.status === 'enriching';
}

export function getBatchesQueryOptions() {
  return queryOptions({
    queryKey: batchesQueryKey,
    queryFn: ({ signal }) => getBatches({ signal }),
    // Issue 5: poll every 3 s while a batch works, and stop once none does, so the usual
    // 5-minute freshness applies again.
    refetchInterval: (query) =>
      query.state.data?.some(isBatchActive) ? ACTIVE_BATCH_POLL_MS : false,
  });
}

export function useBatches() {
  return useQuery(getBatchesQueryOptions());
}
