import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ruleApplyResultSchema,
  ruleRestoreResultSchema,
  type RuleApplyResult,
  type RuleRestoreResult,
} from '../../../../contract/rules';
import { apiRequest } from '../../../lib/api-client';
import { invalidateRulesAndJobs } from './invalidate';

interface Run {
  id: number;
  /** Count only: what the call would change, changing nothing. */
  dryRun: boolean;
}

export function applyRule({ id, dryRun }: Run): Promise<RuleApplyResult> {
  const query = dryRun ? '?dry_run=true' : '';
  return apiRequest(`/rules/${id}/apply${query}`, ruleApplyResultSchema, { method: 'POST' });
}

/** Brings back the jobs a hide rule hid whose state nobody has changed since. */
export function restoreRuleJobs({ id, dryRun }: Run): Promise<RuleRestoreResult> {
  const query = dryRun ? '?dry_run=true' : '';
  return apiRequest(`/rules/${id}/restore${query}`, ruleRestoreResultSchema, { method: 'POST' });
}

export function useApplyRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyRule,
    onSuccess: (result) => (result.dry_run ? undefined : invalidateRulesAndJobs(queryClient)),
  });
}

export function useRestoreRuleJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreRuleJobs,
    onSuccess: (result) => (result.dry_run ? undefined : invalidateRulesAndJobs(queryClient)),
  });
}
