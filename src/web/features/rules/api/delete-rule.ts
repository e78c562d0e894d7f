import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ruleDeletedSchema } from '../../../../contract/rules';
import { apiRequest } from '../../../lib/api-client';
import { invalidateRulesAndJobs } from './invalidate';

/** Answers how many jobs the (hide) rule hid that could still be brought back. */
export function deleteRule(id: number): Promise<number> {
  return apiRequest(`/rules/${id}`, ruleDeletedSchema, { method: 'DELETE' }).then(
    (answer) => answer.restorable,
  );
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRule,
    onSuccess: () => invalidateRulesAndJobs(queryClient),
  });
}
