import { z } from 'zod';

/** Every error body: `{error}`, plus whatever fields SPEC.md names for a particular error. */
export const errorBodySchema = z.looseObject({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A positive integer path parameter such as `/queries/{id}`, given as text in the URL. */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a positive integer' })
    .int({ error: 'id must be a positive integer' })
    .positive({ error: 'id must be a positive integer' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'id must be a positive integer' }),
});
export type IdParam = z.infer<typeof idParamSchema>;

/** ISO 8601 date-time as sent over the wire; null where SPEC.md allows "-". */
export const dateTimeSchema = z.iso.datetime({ offset: true });
export const nullableDateTimeSchema = dateTimeSchema.nullable();

export const okSchema = z.object({ success: z.literal(true) });
