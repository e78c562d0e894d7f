import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  applicationDetailSchema,
  isClosingStage,
  type ApplicationDetail,
  type ApplicationList,
  type ApplicationStage,
} from '../../../../contract/pipeline';
import { apiRequest } from '../../../lib/api-client';
import { applicationsQueryKey } from './get-applications';

export interface MoveApplication {
  jobId: number;
  stage: ApplicationStage;
  /** The operator chose to clear the next step with the move (it stays in the history). */
  clearNextStep?: boolean;
}

/** PATCH /applications/{job_id}: the move, and `next_step: null` when the step is cleared. */
export function moveApplication({ jobId, stage, clearNextStep = false }: MoveApplication) {
  return apiRequest(`/applications/${jobId}`, applicationDetailSchema, {
    method: 'PATCH',
    body: clearNextStep ? { stage, next_step: null } : { stage },
  });
}

export const MOVE_KEY = ['applications', 'move'] as const;

interface Snapshot {
  lists: [QueryKey, ApplicationList | undefined][];
}

/** Every cached list of the board, which a move or its undo changes at once. */
export const boardLists = { queryKey: [...applicationsQueryKey, 'list'] };

/** After a move or its undo: the lists, the Jobs lists (a job's state follows its stage), the Overview. */
export function refreshAfterMove(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all(
    [applicationsQueryKey, ['jobs'], ['overview']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/**
 * A card moves at once (a drop must feel instant), its next step gone at once when the move ends
 * it (a closing stage, or the operator's Clear); a refused move puts every cached list back as it
 * was. Either way the lists are asked again. Answers the application with its history: the move's
 * entry is what Undo takes back.
 */
export function useMoveApplication() {
  const queryClient = useQueryClient();
  return useMutation<ApplicationDetail, Error, MoveApplication, Snapshot>({
    mutationKey: MOVE_KEY,
    mutationFn: moveApplication,
    onMutate: async ({ jobId, stage, clearNextStep = false }) => {
      // An answer already on its way would overwrite the moved card with its old stage.
      await queryClient.cancelQueries(boardLists);
      const snapshot = queryClient.getQueriesData<ApplicationList>(boardLists);
      const now = new Date().toISOString();
      const ends = clearNextStep || isClosingStage(stage);
      queryClient.setQueriesData<ApplicationList>(
        boardLists,
        (data) =>
          data && {
            items: data.items.map((a) =>
              a.job_id === jobId && a.stage !== stage
                ? { ...a, stage, stage_since: now, next_step: ends ? null : a.next_step }
                : a,
            ),
          },
      );
      return { lists: snapshot };
    },
    onError: (_error, _move, snapshot) => {
      for (const [key, data] of snapshot?.lists ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () =>
      // While another move is under way, its card would come back with its old stage: the last
      // move to finish asks for the lists.
      queryClient.isMutating({ mutationKey: MOVE_KEY }) > 1
        ? undefined
        : refreshAfterMove(queryClient),
  });
}
