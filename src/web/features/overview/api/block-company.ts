import { useMutation, useQueryClient } from '@tanstack/react-query';
import { banResponseSchema, type BannedCompany } from '../../../../contract/companies';
import { apiRequest } from '../../../lib/api-client';
import { overviewQueryKey } from './get-overview';

// Issue 32: a company among the top ones is blocked from the Overview itself, by the same call
// as the Companies screen (SPEC.md §7 `POST /companies/{id}/ban`). Features never import each
// other, so the Jobs' and Companies' cache keys are named here: their lists drop it at once.
const jobsQueryKey = ['jobs'] as const;
const companiesQueryKey = ['companies'] as const;

export function blockCompany(companyId: number): Promise<BannedCompany> {
  return apiRequest(`/companies/${companyId}/ban`, banResponseSchema, { method: 'POST' });
}

/** Afterwards the Overview's figures show it blocked, and the other screens' lists follow. */
export function useBlockCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockCompany,
    onSuccess: () =>
      Promise.all(
        [overviewQueryKey, jobsQueryKey, companiesQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
