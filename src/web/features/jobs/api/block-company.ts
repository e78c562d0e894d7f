import { useMutation, useQueryClient } from '@tanstack/react-query';
import { banResponseSchema, type BannedCompany } from '../../../../contract/companies';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKey } from './get-jobs';

// The Companies screen's cache key. Features never import each other, so it is named here: a
// company blocked from a job must show in that screen's list without waiting for it to go stale.
const companiesQueryKey = ['companies'] as const;

/** The existing ban flow (SPEC.md §7 `POST /companies/{id}/ban`), started from a job. */
export function blockCompany(companyId: number): Promise<BannedCompany> {
  return apiRequest(`/companies/${companyId}/ban`, banResponseSchema, { method: 'POST' });
}

/** Afterwards the company's jobs leave the list, and the open job shows it blocked. */
export function useBlockCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockCompany,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
        queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
      ]),
  });
}
