import { QueryClient } from '@tanstack/react-query';
import { STALE_TIME_MS } from '../../contract/constants';
import { ApiError } from './api-client';

/** SPEC.md §7: data is fresh for 5 minutes and not re-fetched when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        refetchOnWindowFocus: false,
        // One more try for a dropped connection or a 5xx; a 4xx will not change by asking again.
        retry: (failureCount, error) =>
          failureCount < 1 &&
          error instanceof ApiError &&
          (error.kind === 'network' || (error.status !== null && error.status >= 500)),
      },
      mutations: { retry: false },
    },
  });
}
