import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ruleSchema,
  type Rule,
  type RulePatch,
  type RuleWriteInput,
} from '../../../../contract/rules';
import { apiRequest } from '../../../lib/api-client';
import { invalidateRulesAndJobs } from './invalidate';

export function createRule(body: RuleWriteInput): Promise<Rule> {
  return apiRequest('/rules', ruleSchema, { method: 'POST', body });
}

export function updateRule({ id, patch }: { id: number; patch: RulePatch }): Promise<Rule> {
  return apiRequest(`/rules/${id}`, ruleSchema, { method: 'PATCH', body: patch });
}

/** A new rule, or changes to one (enabling and disabling are `{enabled}`). */
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; body: RuleWriteInput }) =>
      input.id === null ? createRule(input.body) : updateRule({ id: input.id, patch: input.body }),
    onSuccess: () => invalidateRulesAndJobs(queryClient),
  });
}

export function useSetRuleEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      updateRule({ id, patch: { enabled } }),
    onSuccess: () => invalidateRulesAndJobs(queryClient),
  });
}
