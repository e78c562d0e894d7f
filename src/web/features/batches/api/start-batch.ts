import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startBatchResponseSchema, type Batch } from '../../../../contract/batches';
import { apiRequest } from '../../../lib/api-client';
import { batchesQueryKey } from './get-batches';

// The query-runs screen's cache key. Features never import each other, so it is named here:
// a new batch creates new runs, and that screen must not show its old list as fresh.
const queryRunsQueryKey = ['query-runs'] as const;

export function startBatch(): Promise<Batch> {
  // SPEC.md §7: an empty body.
  return apiRequest('/batches', startBatchResponseSchema, { method: 'POST' });
}

export function useStartBatch({ onSuccess }: { onSuccess?: (batch: Batch) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBatch,
    onSuccess: async (batch) => {
      onSuccess?.(batch);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: batchesQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryRunsQueryKey }),
      ]);
    },
  });
}
