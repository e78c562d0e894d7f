import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelBatchResponseSchema, type Batch } from '../../../../contract/batches';
import { apiRequest } from '../../../lib/api-client';
import { batchesQueryKey } from './get-batches';

// The query-runs screen's cache key (features never import each other): a cancel fails the
// runs the batch had not started, and that screen must not show its old list as fresh.
const queryRunsQueryKey = ['query-runs'] as const;

/** Issue 12: asks the server to cancel a running or enriching batch. */
export function cancelBatch(batchId: number): Promise<Batch> {
  return apiRequest(`/batches/${batchId}/cancel`, cancelBatchResponseSchema, { method: 'POST' });
}

export function useCancelBatch({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBatch,
    onError,
    // Success or not (a 409 means it ended meanwhile), the list shows what the server has now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: batchesQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryRunsQueryKey }),
      ]),
  });
}
