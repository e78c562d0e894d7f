import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  rulePreviewSchema,
  type RulePreview,
  type RuleWriteInput,
} from '../../../../contract/rules';
import { apiRequest } from '../../../lib/api-client';
import { rulesQueryKey } from './get-rules';

export type PreviewInput = Pick<RuleWriteInput, 'conditions' | 'match' | 'exceptions' | 'fit'>;

export function previewRule(
  body: PreviewInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RulePreview> {
  return apiRequest('/rules/preview', rulePreviewSchema, { method: 'POST', body, signal });
}

/** What a rule being edited matches among the stored jobs; null while it cannot be asked. */
export function useRulePreview(input: PreviewInput | null) {
  return useQuery(
    queryOptions({
      queryKey: [...rulesQueryKey, 'preview', JSON.stringify(input)],
      queryFn: ({ signal }) => (input ? previewRule(input, { signal }) : null),
      enabled: input !== null,
      // The last count stays (dimmed) while the next one is asked, rather than flashing away.
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}
