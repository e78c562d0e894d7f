import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryListSchema } from '../../../../contract/queries';
import { apiRequest } from '../../../lib/api-client';

// The Queries screen's key and call, named again here (features never import each other): the
// screens share the cached list, and a query saved there refreshes this filter.
const QUERIES_KEY = ['queries'] as const;

/** The saved queries the Query filter offers. */
export function useSavedQueries() {
  return useQuery(
    queryOptions({
      queryKey: QUERIES_KEY,
      queryFn: ({ signal }) => apiRequest('/queries', queryListSchema, { signal }),
    }),
  );
}
