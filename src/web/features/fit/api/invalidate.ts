import type { QueryClient } from '@tanstack/react-query';
import { fitProfilesQueryKey, fitStatusQueryKey } from '../../../components/fit/fit-queries';

// The Jobs screen's cache key (features never import each other, so it is named here): a profile
// or alias change scores the stored jobs again, and their bands must show it.
const jobsQueryKey = ['jobs'] as const;

/** After a profile or the aliases change: the profiles, the rescoring's progress, the jobs. */
export function invalidateFit(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: fitProfilesQueryKey }),
    queryClient.invalidateQueries({ queryKey: fitStatusQueryKey }),
    queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  ]);
}
