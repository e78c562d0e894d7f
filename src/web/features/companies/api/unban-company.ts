import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unbanResponseSchema } from '../../../../contract/companies';
import { apiRequest } from '../../../lib/api-client';
import { companiesQueryKey } from './get-banned-companies';

export function unbanCompany(id: number): Promise<{ success: true }> {
  return apiRequest(`/companies/${id}/ban`, unbanResponseSchema, { method: 'DELETE' });
}

/**
 * SPEC.md §7: after an unblock the list is re-fetched. §8: a failed unblock is silent, logged
 * only (a warning: the test setup treats console.error as a bug).
 */
export function useUnbanCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbanCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
    onError: (err, id) => console.warn(`unblocking company ${id} failed`, err),
  });
}
