// The contract is written with zod/mini: the web app loads it, and classic zod's chainable API
// costs the browser ~15 kB gzip more than the same schemas in mini (docs/decisions/003).
import { z } from 'zod/mini';

/** Every error body: `{error}`, plus whatever fields SPEC.md names for a particular error. */
export const errorBodySchema = z.looseObject({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

const ID_MESSAGE = 'id must be a positive integer';

/** A whole number in (0, 2^53): ids of our rows and of the site's places and companies. */
export function positiveInteger(
  message: string,
  typeError: string | ((issue: { input: unknown }) => string) = message,
) {
  return z
    .number({ error: typeError })
    .check(
      z.refine(Number.isInteger, { error: message }),
      z.gt(0, { error: message }),
      z.lte(Number.MAX_SAFE_INTEGER, { error: message }),
    );
}

/** A positive integer path parameter such as `/queries/{id}`, given as text in the URL. */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: ID_MESSAGE })
    .check(
      z.refine(Number.isInteger, { error: ID_MESSAGE }),
      z.gt(0, { error: ID_MESSAGE }),
      z.lte(Number.MAX_SAFE_INTEGER, { error: ID_MESSAGE }),
    ),
});
export type IdParam = z.infer<typeof idParamSchema>;

/** ISO 8601 date-time as sent over the wire; null where SPEC.md allows "-". */
export const dateTimeSchema = z.iso.datetime({ offset: true });
export const nullableDateTimeSchema = z.nullable(dateTimeSchema);

/** Fills null for a field the answer left out (the screens' lenient schemas). */
export function orNull<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(
    z.nullish(schema),
    z.transform((v: z.output<T> | null | undefined) => v ?? null),
  );
}
