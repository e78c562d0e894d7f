import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  applicationDetailSchema,
  type ApplicationList,
  type ApplicationStage,
} from '../../../../contract/pipeline';
import { apiRequest } from '../../../lib/api-client';
import { applicationsQueryKey } from './get-applications';

export interface MoveApplication {
  jobId: number;
  stage: ApplicationStage;
}

export function moveApplication({ jobId, stage }: MoveApplication) {
  return apiRequest(`/applications/${jobId}`, applicationDetailSchema, {
    method: 'PATCH',
    body: { stage },
  });
}

const MOVE_KEY = ['applications', 'move'] as const;

interface Snapshot {
  lists: [QueryKey, ApplicationList | undefined][];
}

/**
 * A card moves at once (a drop must feel instant); a refused move puts every cached list back as
 * it was. Either way the lists are asked again, with the Jobs lists (a job's state follows its
 * stage) and the Overview (its funnel and counts).
 */
export function useMoveApplication() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, MoveApplication, Snapshot>({
    mutationKey: MOVE_KEY,
    mutationFn: moveApplication,
    onMutate: async ({ jobId, stage }) => {
      const lists = { queryKey: [...applicationsQueryKey, 'list'] };
      // An answer already on its way would overwrite the moved card with its old stage.
      await queryClient.cancelQueries(lists);
      const snapshot = queryClient.getQueriesData<ApplicationList>(lists);
      const now = new Date().toISOString();
      queryClient.setQueriesData<ApplicationList>(
        lists,
        (data) =>
          data && {
            items: data.items.map((a) =>
              a.job_id === jobId && a.stage !== stage ? { ...a, stage, stage_since: now } : a,
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
        : Promise.all(
            [applicationsQueryKey, ['jobs'], ['overview']].map((queryKey) =>
              queryClient.invalidateQueries({ queryKey }),
            ),
          ),
  });
}
