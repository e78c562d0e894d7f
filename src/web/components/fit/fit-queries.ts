import { queryOptions, useQuery } from '@tanstack/react-query';
import { fitProfileListSchema, type FitProfile } from '../../../contract/fit';
import { fitStatusSchema, type FitStatus } from '../../../contract/fit-api';
import { apiRequest } from '../../lib/api-client';

// Fit's two reads more than one screen needs (issue 40): the profiles (the fit screen, the query
// modal's select) and the rescoring's status (the fit screen's progress, the Jobs screen's line
// inviting to make a profile). One key each, so a write on one screen refreshes the others.

export const fitProfilesQueryKey = ['fit-profiles'] as const;
export const fitStatusQueryKey = ['fit', 'status'] as const;

/** While stored jobs are scored again, the progress is asked for this often. */
export const FIT_STATUS_POLL_MS = 1_000;

export function getFitProfiles({ signal }: { signal?: AbortSignal } = {}): Promise<FitProfile[]> {
  return apiRequest('/fit-profiles', fitProfileListSchema, { signal });
}

export function getFitProfilesQueryOptions() {
  return queryOptions({ queryKey: fitProfilesQueryKey, queryFn: getFitProfiles });
}

export function useFitProfiles() {
  return useQuery(getFitProfilesQueryOptions());
}

export function getFitStatus({ signal }: { signal?: AbortSignal } = {}): Promise<FitStatus> {
  return apiRequest('/fit/status', fitStatusSchema, { signal });
}

export function getFitStatusQueryOptions() {
  return queryOptions({
    queryKey: fitStatusQueryKey,
    queryFn: getFitStatus,
    // Polled while the rescoring runs, and not once it is idle (TanStack's guide).
    refetchInterval: (query) => (query.state.data?.rescoring ? FIT_STATUS_POLL_MS : false),
  });
}

export function useFitStatus() {
  return useQuery(getFitStatusQueryOptions());
}
