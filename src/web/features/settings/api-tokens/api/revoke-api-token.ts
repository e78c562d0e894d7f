import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiTokenRevokedSchema } from '../../../../../contract/api-tokens';
import { apiRequest } from '../../../../lib/api-client';
import { apiTokensQueryKey } from './get-api-tokens';

export function revokeApiToken(id: number): Promise<{ success: true }> {
  return apiRequest(`/api-tokens/${id}`, apiTokenRevokedSchema, { method: 'DELETE' });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
