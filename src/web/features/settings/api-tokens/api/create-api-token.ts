import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiTokenCreatedSchema,
  type ApiTokenCreate,
  type ApiTokenCreated,
} from '../../../../../contract/api-tokens';
import { apiRequest } from '../../../../lib/api-client';
import { apiTokensQueryKey } from './get-api-tokens';

export function createApiToken(body: ApiTokenCreate): Promise<ApiTokenCreated> {
  return apiRequest('/api-tokens', apiTokenCreatedSchema, { method: 'POST', body });
}

/** The answer holds the secret: the caller shows it once and then `reset()`s the mutation. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
