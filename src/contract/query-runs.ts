import { z } from 'zod';
import { nullableDateTimeSchema } from './common';

export const queryRunStatusSchema = z.enum(['running', 'completed', 'failed']);
export type QueryRunStatus = z.infer<typeof queryRunStatusSchema>;

/**
 * A QueryRun as the server sends it. DESIGN.md: id, batch_id and query_id are numbers. The failure
 * reason and progress are the screens' extras (issue 5). Plain fields only, for the encoder.
 */
export const queryRunWireSchema = z.object({
  id: z.number().int(),
  batch_id: z.number().int(),
  query_id: z.number().int(),
  job_title: z.string(),
  location: z.string(),
  is_ai: z.boolean(),
  status: queryRunStatusSchema,
  start_time: nullableDateTimeSchema,
  end_time: nullableDateTimeSchema,
  error: z.string().nullable(),
  pages_fetched: z.number().int(),
  jobs_found: z.number().int(),
});
export type QueryRunWire = z.infer<typeof queryRunWireSchema>;
export const queryRunWireListSchema = z.array(queryRunWireSchema);

/** A QueryRun as the screens read it: the extras may be missing. */
export const queryRunSchema = queryRunWireSchema.extend({
  error: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  pages_fetched: z.number().int().default(0),
  jobs_found: z.number().int().default(0),
});
export type QueryRun = z.output<typeof queryRunSchema>;
export const queryRunListSchema = z.array(queryRunSchema);
