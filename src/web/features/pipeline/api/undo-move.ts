import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applicationDetailSchema,
  type ApplicationDetail,
  type ApplicationList,
} from '../../../../contract/pipeline';
import { apiRequest } from '../../../lib/api-client';
import { boardLists, MOVE_KEY, refreshAfterMove } from './move-application';

export interface UndoMove {
  jobId: number;
  /** The move's history entry, as its PATCH answered it. */
  eventId: number;
}

/** DELETE /applications/{job_id}/history/{event_id}: the move undone (decision 059). */
export function undoMove({ jobId, eventId }: UndoMove) {
  return apiRequest(`/applications/${jobId}/history/${eventId}`, applicationDetailSchema, {
    method: 'DELETE',
  });
}

/**
 * Undoes a move; the card takes the server's answer at once (its stage, date and next step as
 * they were), then the lists are asked again. The same key as the moves: a list asked for while
 * one is under way would bring the card back where it was.
 */
export function useUndoMove() {
  const queryClient = useQueryClient();
  return useMutation<ApplicationDetail, Error, UndoMove>({
    mutationKey: MOVE_KEY,
    mutationFn: undoMove,
    onSuccess: async (undone) => {
      await queryClient.cancelQueries(boardLists);
      queryClient.setQueriesData<ApplicationList>(
        boardLists,
        (data) =>
          data && {
            items: data.items.map((a) =>
              a.job_id === undone.job_id
                ? {
                    ...a,
                    stage: undone.stage,
                    stage_since: undone.stage_since,
                    next_step: undone.next_step,
                  }
                : a,
            ),
          },
      );
    },
    onSettled: () =>
      queryClient.isMutating({ mutationKey: MOVE_KEY }) > 1
        ? undefined
        : refreshAfterMove(queryClient),
  });
}
