import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryListSchema, type Query } from '../../../../contract/queries';
import { apiRequest } from '../../../lib/api-client';

/** The key prefix every query mutation invalidates. */
export const QUERIES_KEY = ['queries'] as const;

export function getQueries(signal?: AbortSignal): Promise<Query[]> {
  return apiRequest('/queries', queryListSchema, { signal });
}

export const getQueriesQueryOptions = () =>
  queryOptions({ queryKey: QUERIES_KEY, queryFn: ({ signal }) => getQueries(signal) });

export function useQueries() {
  return useQuery(getQueriesQueryOptions());
}
