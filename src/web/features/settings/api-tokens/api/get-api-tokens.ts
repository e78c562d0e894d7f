import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiTokenListSchema, type ApiToken } from '../../../../../contract/api-tokens';
import { apiRequest } from '../../../../lib/api-client';

export const apiTokensQueryKey = ['api-tokens'] as const;

export function getApiTokens({ signal }: { signal?: AbortSignal } = {}): Promise<ApiToken[]> {
  return apiRequest('/api-tokens', apiTokenListSchema, { signal });
}

export function getApiTokensQueryOptions() {
  return queryOptions({
    queryKey: apiTokensQueryKey,
    queryFn: ({ signal }) => getApiTokens({ signal }),
  });
}

export function useApiTokens() {
  return useQuery(getApiTokensQueryOptions());
}
