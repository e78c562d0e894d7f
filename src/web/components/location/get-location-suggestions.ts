import { locationSuggestionListSchema, type LocationSuggestion } from '../../../contract/locations';
import { apiRequest } from '../../lib/api-client';

/**
 * One typeahead lookup. Not a TanStack query: the typeahead debounces, cancels and orders its
 * own lookups, and the server already caches each answer for a day.
 */
export function getLocationSuggestions(
  text: string,
  signal: AbortSignal,
): Promise<LocationSuggestion[]> {
  return apiRequest(
    `/locations/typeahead?${new URLSearchParams({ query: text }).toString()}`,
    locationSuggestionListSchema,
    {
      signal,
    },
  );
}
