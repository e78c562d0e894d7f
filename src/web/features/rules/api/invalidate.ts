import type { QueryClient } from '@tanstack/react-query';
import { rulesQueryKey } from './get-rules';

// The Jobs screen's cache key: features never import each other, so it is named here. A rule that
// changes (flags, a label's name, jobs hidden or brought back) must show in the list at once.
const jobsQueryKey = ['jobs'] as const;

export function invalidateRulesAndJobs(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: rulesQueryKey }),
    queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  ]);
}
