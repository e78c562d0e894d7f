import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cookieStatusSchema, type CookieStatus } from '../../../../contract/operations';
import { apiRequest } from '../../../lib/api-client';
import { settingsQueryKey } from './get-settings';

// Under the settings key: saving settings re-fetches it too (new cookies are not yet checked).
export const cookieStatusQueryKey = [...settingsQueryKey, 'cookie-status'] as const;

export function getCookieStatus({ signal }: { signal?: AbortSignal } = {}): Promise<CookieStatus> {
  return apiRequest('/settings/cookies/status', cookieStatusSchema, { signal });
}

export function useCookieStatus() {
  return useQuery(
    queryOptions({
      queryKey: cookieStatusQueryKey,
      queryFn: ({ signal }) => getCookieStatus({ signal }),
    }),
  );
}

/** Asks the site now; the answer is the new state, which replaces the cached one. */
export function checkCookies(): Promise<CookieStatus> {
  return apiRequest('/settings/cookies/check', cookieStatusSchema, { method: 'POST' });
}

export function useCheckCookies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkCookies,
    onSuccess: (status) => queryClient.setQueryData(cookieStatusQueryKey, status),
  });
}
