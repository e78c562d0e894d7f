import { useMutation, useQueryClient } from '@tanstack/react-query';
import { banResponseSchema, type BannedCompany } from '../../../../contract/companies';
import { apiRequest } from '../../../lib/api-client';
import { companiesQueryKey } from './get-banned-companies';

export function banCompany(id: number): Promise<BannedCompany> {
  return apiRequest(`/companies/${id}/ban`, banResponseSchema, { method: 'POST' });
}

/** SPEC.md §7: after a block the list is re-fetched. */
export function useBanCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
