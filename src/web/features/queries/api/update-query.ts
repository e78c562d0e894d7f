import { useMutation, useQueryClient } from '@tanstack/react-query';
import { querySchema, type Query, type QueryWrite } from '../../../../contract/queries';
import { apiRequest } from '../../../lib/api-client';
import { QUERIES_KEY } from './get-queries';

export interface UpdateQueryInput {
  id: number;
  body: QueryWrite;
}

export function updateQuery({ id, body }: UpdateQueryInput): Promise<Query> {
  return apiRequest(`/queries/${id}`, querySchema, { method: 'PUT', body });
}

/** Edit, the Active toggle and the soft delete are all this one call (SPEC.md §4). */
export function useUpdateQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuery,
    // Returning the refetch keeps the mutation pending until the list shows the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERIES_KEY }),
  });
}
