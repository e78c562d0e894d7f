import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
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

/** The cached lists with the card moved (its next step gone when the move ends it). */
function movedIn({ jobId, stage, clearNextStep = false }: MoveApplication) {
  const now = new Date().toISOString();
  const ends = clearNextStep || isClosingStage(stage);
  return (data: ApplicationList | undefined) =>
    data && {
      items: data.items.map((a) =>
        a.job_id === jobId && a.stage !== stage
          ? { ...a, stage, stage_since: now, next_step: ends ? null : a.next_step }
          : a,
      ),
    };
}

type MoveVariables = MoveApplication & { before: Snapshot['lists'] };
type MoveCallbacks = Parameters<
  ReturnType<typeof useMutation<ApplicationDetail, Error, MoveVariables, Snapshot>>['mutate']
>[1];

/**
 * A card moves at once (a drop must feel instant), its next step gone at once when the move ends
 * it (a closing stage, or the operator's Clear); a refused move puts every cached list back as it
 * was. Either way the lists are asked again. Answers the application with its history: the move's
 * entry is what Undo takes back.
 *
 * The card is moved in the cache in the same task as the drop, not in the mutation's onMutate
 * (which TanStack runs a tick later): the drop's own state changes and the move then draw the
 * board once, not twice (a keyboard move within 100 ms with 2,000 applications, decision 059).
 */
export function useMoveApplication(): (move: MoveApplication, callbacks?: MoveCallbacks) => void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation<ApplicationDetail, Error, MoveVariables, Snapshot>({
    mutationKey: MOVE_KEY,
    mutationFn: moveApplication,
    onMutate: ({ before }) => ({ lists: before }),
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
  return useCallback(
    (move, callbacks) => {
      const before = queryClient.getQueriesData<ApplicationList>(boardLists);
      const apply = () => queryClient.setQueriesData<ApplicationList>(boardLists, movedIn(move));
      // An answer already on its way would overwrite the moved card with its old stage: it is
      // cancelled first (its revert lands a tick later), and only then is the card moved.
      if (queryClient.isFetching(boardLists) > 0)
        void queryClient.cancelQueries(boardLists).then(apply);
      else apply();
      mutate({ ...move, before }, callbacks);
    },
    [queryClient, mutate],
  );
}
