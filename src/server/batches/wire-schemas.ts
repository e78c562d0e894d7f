import { z } from 'zod';
import {
  batchKindSchema,
  batchStatusSchema,
  nullableDateTimeSchema,
  queryRunStatusSchema,
  type batchSchema,
  type queryRunSchema,
} from '../../contract';

// What the server sends, field for field the contract's batchSchema / queryRunSchema but
// without their client-side transforms (defaults for a missing kind or status): the
// response serializer encodes through the schema, and a transform cannot be encoded.
// The `satisfies` checks below keep these in step with the contract.

export const batchWireSchema = z.object({
  id: z.number().int(),
  kind: batchKindSchema,
  status: batchStatusSchema,
  started_at: nullableDateTimeSchema,
  finished_at: nullableDateTimeSchema,
  error: z.string().nullable(),
  progress: z
    .object({
      runs_total: z.number().int(),
      runs_done: z.number().int(),
      jobs_found: z.number().int(),
      jobs_to_enrich: z.number().int(),
      jobs_enriched: z.number().int(),
    })
    .nullable(),
});
export type BatchWire = z.infer<typeof batchWireSchema>;
export const batchWireListSchema = z.array(batchWireSchema);

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

// Compile-time: every wire value is a valid input of the contract's schema.
type Accepts<Contract extends z.ZodType, Wire> = Wire extends z.input<Contract> ? true : never;
export const wireMatchesContract: [
  Accepts<typeof batchSchema, BatchWire>,
  Accepts<typeof queryRunSchema, QueryRunWire>,
] = [true, true];
