import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RULES_EXPORT_FILE_NAME,
  ruleImportResultSchema,
  ruleSetExportSchema,
  ruleSetFileText,
  type RuleImportBody,
} from '../../../../contract/rules';
import { apiRequest, saveBlob } from '../../../lib/api-client';
import { invalidateRulesAndJobs } from './invalidate';

/** The rule set as the shared JSON file (`{version, rules}`), saved as a download. */
export async function exportRules(): Promise<void> {
  const set = await apiRequest('/rules/export', ruleSetExportSchema);
  const blob = new Blob([ruleSetFileText(set)], { type: 'application/json' });
  saveBlob(blob, RULES_EXPORT_FILE_NAME);
}

export function useExportRules() {
  return useMutation({ mutationFn: exportRules });
}

export type ImportMode = 'add' | 'replace';

export function importRules({ set, mode }: { set: RuleImportBody; mode: ImportMode }) {
  return apiRequest(`/rules/import?mode=${mode}`, ruleImportResultSchema, {
    method: 'POST',
    body: set,
  });
}

export function useImportRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importRules,
    onSuccess: () => invalidateRulesAndJobs(queryClient),
  });
}
