import { queryOptions, useQuery } from '@tanstack/react-query';
import { fitSuggestionsSchema, type FitSuggestions } from '../../../../contract/fit-api';
import { fitProfilesQueryKey } from '../../../components/fit/fit-queries';
import { apiRequest } from '../../../lib/api-client';

/** Under the profiles' key: a profile's change (a suggestion taken) asks for them again. */
export const fitSuggestionsQueryKey = (id: number) =>
  [...fitProfilesQueryKey, id, 'suggestions'] as const;

export function getFitSuggestions(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FitSuggestions> {
  return apiRequest(`/fit-profiles/${id}/suggestions`, fitSuggestionsSchema, { signal });
}

export function useFitSuggestions(id: number) {
  return useQuery(
    queryOptions({
      queryKey: fitSuggestionsQueryKey(id),
      queryFn: ({ signal }) => getFitSuggestions(id, { signal }),
    }),
  );
}
