import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ApplicationStage } from '../../../../contract/pipeline-stages';
import {
  applicationQueryKey,
  applicationsQueryKey,
} from '../../../components/application/application-query';
import { apiRequest } from '../../../lib/api-client';
import { getJobQueryOptions } from './get-job';
import { jobsQueryKey } from './get-jobs';
import { jobStateResponseSchema, type JobList, type JobState } from './jobs-schema';

export function updateJobState({ id, state }: { id: number; state: JobState }) {
  return apiRequest(`/jobs/${id}`, jobStateResponseSchema, { method: 'PATCH', body: { state } });
}

/**
 * The rows change at once (a triage click must feel instant); the lists are then fetched again,
 * so a job that no longer matches the filters (e.g. hidden) leaves them.
 */
export function useUpdateJobState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJobState,
    onSuccess: async ({ id, state }) => {
      setStateInLists(queryClient, [id], state);
      await afterTriage(queryClient, [id]);
    },
  });
}

/**
 * Triage moves the pipeline too (decision 056): the jobs are asked again, then every application
 * is stale, and the open one asked again only if its job, as it came back, is still on the board.
 * Taken off, it has no application: asking would be a 404, a failed request in the console (the
 * panel, not yet drawn again, still holds the stage it had).
 */
export async function afterTriage(queryClient: QueryClient, ids: readonly number[]): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: jobsQueryKey });
  await queryClient.invalidateQueries({ queryKey: applicationsQueryKey, refetchType: 'none' });
  const onBoard = ids.filter(
    (id) => queryClient.getQueryData(getJobQueryOptions(id).queryKey)?.pipeline_stage ?? null,
  );
  await Promise.all(
    onBoard.map((id) =>
      queryClient.refetchQueries({ queryKey: applicationQueryKey(id), type: 'active' }),
    ),
  );
}

/**
 * The stage triage leaves a job's application in, drawn with the new state until the list comes
 * back (decision 056): new, seen and hidden take it off the board; saved or applied put it on at
 * that stage; applied moves Saved on; nothing moves a later stage back.
 */
export function stageAfterTriage(
  stage: ApplicationStage | null | undefined,
  state: JobState,
): ApplicationStage | null {
  if (state !== 'saved' && state !== 'applied') return null;
  if (stage === null || stage === undefined) return state;
  return stage === 'saved' ? state : stage;
}

/** Writes a new state (and the stage it leaves) into every cached page that holds these jobs. */
export function setStateInLists(
  queryClient: QueryClient,
  ids: readonly number[],
  state: JobState,
): void {
  const wanted = new Set(ids);
  queryClient.setQueriesData<InfiniteData<JobList>>(
    { queryKey: [...jobsQueryKey, 'list'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((job) =>
            wanted.has(job.id)
              ? { ...job, state, pipeline_stage: stageAfterTriage(job.pipeline_stage, state) }
              : job,
          ),
        })),
      },
  );
}
