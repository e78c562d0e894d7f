import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { applicationDetailSchema, type ApplicationDetail } from '../../../contract/pipeline';
import { ApiError, apiRequest } from '../../lib/api-client';

// One query for a job's application (issue 39), read by the Jobs panel's line and by the whole
// panel (application-api.ts), so opening it asks for nothing again. Kept apart from the panel's
// writes: the line loads with the Jobs panel, the rest on demand.

export const applicationsQueryKey = ['applications'] as const;
export const applicationQueryKey = (jobId: number) =>
  [...applicationsQueryKey, 'detail', jobId] as const;

/**
 * GET /applications/{job_id}; null when the job is not on the board (404). A caller that knows
 * the job's stage (the Jobs panel) asks only for a job on the board: a 404 is a failed request
 * in the browser's console, whatever this makes of it.
 */
export async function getApplication(
  jobId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApplicationDetail | null> {
  try {
    return await apiRequest(`/applications/${jobId}`, applicationDetailSchema, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'http' && err.status === 404) return null;
    throw err;
  }
}

export function getApplicationQueryOptions(jobId: number) {
  return queryOptions({
    queryKey: applicationQueryKey(jobId),
    queryFn: ({ signal }) => getApplication(jobId, { signal }),
  });
}

/**
 * What a change to an application makes stale: the applications, the jobs (a stage keeps the
 * job's triage state, issue 33) and the Overview.
 */
export async function refreshAfterApplicationChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [applicationsQueryKey, ['jobs'], ['overview']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
