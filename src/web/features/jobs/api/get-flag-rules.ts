import { useQuery } from '@tanstack/react-query';
import { ruleListSchema, type Rule } from '../../../../contract/rules';
import { apiRequest } from '../../../lib/api-client';

// The Rules screen's cache key (same call, same schema): features never import each other, so it
// is named here, and a rule changed there refreshes this list too.
const rulesQueryKey = ['rules'] as const;

/** The flag rules, in the rules' order: the Flag filter's choices and its chip's name. */
export function useFlagRules() {
  return useQuery({
    queryKey: rulesQueryKey,
    queryFn: async ({ signal }): Promise<Rule[]> =>
      (await apiRequest('/rules', ruleListSchema, { signal })).items,
    select: (rules) => rules.filter((r) => r.action === 'flag'),
  });
}
