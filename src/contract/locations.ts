import { z } from 'zod/mini';

export const typeaheadQuerySchema = z.object({
  query: z._default(
    z
      .string({ error: 'query must be a string' })
      .check(z.maxLength(200, { error: 'query must be at most 200 characters' })),
    '',
  ),
});

const stringOrNumber = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

/** SPEC.md §3: the product converts both fields to strings, whatever the site sent. */
export const locationSuggestionSchema = z.object({
  id: stringOrNumber,
  displayName: stringOrNumber,
});
export type LocationSuggestion = z.output<typeof locationSuggestionSchema>;
export const locationSuggestionListSchema = z.array(locationSuggestionSchema);

/** What the server sends: already strings, so the reply can be checked without a transform. */
export const locationSuggestionWireSchema = z.object({ id: z.string(), displayName: z.string() });
export const locationSuggestionWireListSchema = z.array(locationSuggestionWireSchema);
