import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ruleListSchema, type Rule } from '../../../../contract/rules';
import { apiRequest } from '../../../lib/api-client';
import { rulesQueryKey } from './get-rules';
import { invalidateRulesAndJobs } from './invalidate';

export function reorderRules(ids: number[]): Promise<Rule[]> {
  return apiRequest('/rules/order', ruleListSchema, { method: 'PUT', body: { ids } }).then(
    (list) => list.items,
  );
}

/** The new order shows at once; if the server refuses it, the list goes back to its answer. */
export function useReorderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderRules,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: rulesQueryKey });
      queryClient.setQueryData<Rule[]>(rulesQueryKey, (rules) =>
        rules
          ? ids
              .flatMap((id) => rules.filter((r) => r.id === id))
              .map((r, i) => ({ ...r, position: i + 1 }))
          : rules,
      );
    },
    onSettled: () => invalidateRulesAndJobs(queryClient),
  });
}
