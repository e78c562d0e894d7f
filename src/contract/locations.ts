import { z } from 'zod';

export const typeaheadQuerySchema = z.object({
  query: z
    .string({ error: 'query must be a string' })
    .max(200, { error: 'query must be at most 200 characters' })
    .default(''),
});

/** SPEC.md §3: the product converts both fields to strings, whatever the site sent. */
export const locationSuggestionSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  displayName: z.union([z.string(), z.number()]).transform(String),
});
export type LocationSuggestion = z.output<typeof locationSuggestionSchema>;
export const locationSuggestionListSchema = z.array(locationSuggestionSchema);

/** What the server sends: already strings, so the reply can be checked without a transform. */
export const locationSuggestionWireSchema = z.object({ id: z.string(), displayName: z.string() });
export const locationSuggestionWireListSchema = z.array(locationSuggestionWireSchema);
