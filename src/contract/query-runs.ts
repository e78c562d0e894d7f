import { z } from 'zod/mini';
import { nullableDateTimeSchema, orNull } from './common';
import { parsedPartlySchema, parsedPartlyWireSchema } from './overview-fields';

export const searchModeSchema = z.enum(['full', 'incremental']);
export type SearchMode = z.infer<typeof searchModeSchema>;

export const queryRunStatusSchema = z.enum(['running', 'completed', 'failed']);
export type QueryRunStatus = z.infer<typeof queryRunStatusSchema>;

/**
 * A QueryRun as the server sends it. DESIGN.md: id, batch_id and query_id are numbers. The failure
 * reason and progress are the screens' extras (issue 5). Plain fields only, for the encoder.
 */
export const queryRunWireSchema = z.object({
  id: z.int(),
  batch_id: z.int(),
  query_id: z.int(),
  job_title: z.string(),
  location: z.string(),
  is_ai: z.boolean(),
  status: queryRunStatusSchema,
  start_time: nullableDateTimeSchema,
  end_time: nullableDateTimeSchema,
  error: z.nullable(z.string()),
  pages_fetched: z.int(),
  jobs_found: z.int(),
  /** Distinct jobs of the run first seen in its batch (shared definition, issue 9). */
  jobs_new: z.int(),
  /** Issue 10: how a standard run searched; null for AI runs and runs from before. */
  search_mode: z.nullable(searchModeSchema),
  /** Issue 32: its batch's fields the site stopped giving ("parsed partly"); [] otherwise. */
  parsed_partly: parsedPartlyWireSchema,
});
export type QueryRunWire = z.infer<typeof queryRunWireSchema>;
export const queryRunWireListSchema = z.array(queryRunWireSchema);

/** A QueryRun as the screens read it: the extras may be missing. */
export const queryRunSchema = z.extend(queryRunWireSchema, {
  error: orNull(z.string()),
  pages_fetched: z._default(z.int(), 0),
  jobs_found: z._default(z.int(), 0),
  jobs_new: z._default(z.int(), 0),
  search_mode: orNull(searchModeSchema),
  parsed_partly: parsedPartlySchema,
});
export type QueryRun = z.output<typeof queryRunSchema>;
export const queryRunListSchema = z.array(queryRunSchema);
