import { queryOptions, useQuery } from '@tanstack/react-query';
import { bannedCompanyListSchema, type BannedCompany } from '../../../../contract/companies';
import { apiRequest } from '../../../lib/api-client';

/** Every key of this screen starts with 'companies', so one prefix invalidates them all. */
export const companiesQueryKey = ['companies'] as const;
export const bannedCompaniesQueryKey = [...companiesQueryKey, 'banned'] as const;

export function getBannedCompanies({ signal }: { signal?: AbortSignal } = {}): Promise<
  BannedCompany[]
> {
  return apiRequest('/companies/banned', bannedCompanyListSchema, { signal });
}

export function getBannedCompaniesQueryOptions() {
  return queryOptions({
    queryKey: bannedCompaniesQueryKey,
    queryFn: ({ signal }) => getBannedCompanies({ signal }),
  });
}

export function useBannedCompanies() {
  return useQuery(getBannedCompaniesQueryOptions());
}
