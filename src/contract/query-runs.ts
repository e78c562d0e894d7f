import { z } from 'zod';
import { nullableDateTimeSchema } from './common';

export const queryRunStatusSchema = z.enum(['running', 'completed', 'failed']);
export type QueryRunStatus = z.infer<typeof queryRunStatusSchema>;

/** DESIGN.md: id, batch_id and query_id are numbers. Progress and reason are screen extras. */
export const queryRunSchema = z.object({
  id: z.number().int(),
  batch_id: z.number().int(),
  query_id: z.number().int(),
  job_title: z.string(),
  location: z.string(),
  is_ai: z.boolean(),
  status: queryRunStatusSchema,
  start_time: nullableDateTimeSchema,
  end_time: nullableDateTimeSchema,
  error: z.string().nullish().transform((v) => v ?? null),
  pages_fetched: z.number().int().default(0),
  jobs_found: z.number().int().default(0),
});
export type QueryRun = z.output<typeof queryRunSchema>;
export const queryRunListSchema = z.array(queryRunSchema);
