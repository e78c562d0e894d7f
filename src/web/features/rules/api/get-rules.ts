import { queryOptions, useQuery } from '@tanstack/react-query';
import { ruleListSchema, type Rule } from '../../../../contract/rules';
import { apiRequest } from '../../../lib/api-client';

/** Every cached answer about rules starts with this key (the Jobs screen's flag filter too). */
export const rulesQueryKey = ['rules'] as const;

export function getRules({ signal }: { signal?: AbortSignal } = {}): Promise<Rule[]> {
  return apiRequest('/rules', ruleListSchema, { signal }).then((list) => list.items);
}

export function getRulesQueryOptions() {
  return queryOptions({ queryKey: rulesQueryKey, queryFn: getRules });
}

export function useRules() {
  return useQuery(getRulesQueryOptions());
}
