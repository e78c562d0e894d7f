import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryListSchema } from '../../../../contract/queries';
import { apiRequest } from '../../../lib/api-client';

// The Queries screen's key and call (features never import each other, so it is named again
// here): both screens share the cached list, and a query saved there refreshes this select.
const QUERIES_KEY = ['queries'] as const;

/** The saved queries the filter offers: active and inactive first, archived after. */
export function useSavedQueries() {
  return useQuery(
    queryOptions({
      queryKey: QUERIES_KEY,
      queryFn: ({ signal }) => apiRequest('/queries', queryListSchema, { signal }),
    }),
  );
}
