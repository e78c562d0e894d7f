import { useMutation, useQueryClient } from '@tanstack/react-query';
import { querySchema, type Query, type QueryWrite } from '../../../../contract/queries';
import { apiRequest } from '../../../lib/api-client';
import { QUERIES_KEY } from './get-queries';

export function createQuery(body: QueryWrite): Promise<Query> {
  return apiRequest('/queries', querySchema, { method: 'POST', body });
}

export function useCreateQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuery,
    // SPEC.md §7: the list is re-fetched after each change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERIES_KEY }),
  });
}
