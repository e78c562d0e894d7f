import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fitAliasesSchema, type FitAliases } from '../../../../contract/fit-api';
import { apiRequest, apiSend } from '../../../lib/api-client';
import { invalidateFit } from './invalidate';

export const fitAliasesQueryKey = ['fit-aliases'] as const;

export function getFitAliases({ signal }: { signal?: AbortSignal } = {}): Promise<FitAliases> {
  return apiRequest('/fit-aliases', fitAliasesSchema, { signal });
}

export function useFitAliases() {
  return useQuery(queryOptions({ queryKey: fitAliasesQueryKey, queryFn: getFitAliases }));
}

/** The whole list (PUT), or the built-in one back (DELETE, `groups` null). */
export function useSaveFitAliases() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groups: string[][] | null) =>
      groups === null
        ? apiSend('/fit-aliases', { method: 'DELETE' })
        : apiSend('/fit-aliases', { method: 'PUT', body: { groups } }),
    // The answer is not read: the list is asked for again, as GET has it. Every profile's version
    // goes up with the list, so the jobs are scored again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fitAliasesQueryKey }),
        invalidateFit(queryClient),
      ]),
  });
}
