import { z } from 'zod/mini';
import { nullableDateTimeSchema, orNull } from './common';
import { exportFormatParamSchema } from './export-formats';
import { parsedPartlySchema, parsedPartlyWireSchema } from './overview-fields';

/** Issue 10: how a batch's standard runs searched; mixed when some ran full and some not. */
export const batchSearchModeSchema = z.enum(['full', 'incremental', 'mixed']);
export type BatchSearchMode = z.infer<typeof batchSearchModeSchema>;

export const batchStatusSchema = z.enum(['running', 'enriching', 'completed', 'failed']);
export type BatchStatus = z.infer<typeof batchStatusSchema>;
export const batchKindSchema = z.enum(['daily', 'manual']);
export type BatchKind = z.infer<typeof batchKindSchema>;

export const batchProgressSchema = z.object({
  runs_total: z.int(),
  runs_done: z.int(),
  jobs_found: z.int(),
  jobs_to_enrich: z.int(),
  jobs_enriched: z.int(),
});

/**
 * A Batch as the server sends it: SPEC.md's fields, then the screens' extras (the failure reason
 * and progress, issue 5). Plain fields only, so the server's response encoder can use it.
 */
export const batchWireSchema = z.object({
  id: z.int(),
  kind: batchKindSchema,
  status: batchStatusSchema,
  started_at: nullableDateTimeSchema,
  finished_at: nullableDateTimeSchema,
  error: z.nullable(z.string()),
  progress: z.nullable(batchProgressSchema),
  /** Jobs whose first_seen_batch_id is this batch (shared definition, issue 9). */
  jobs_new: z.int(),
  /** Distinct jobs its runs found (shared definition, issue 9). */
  jobs_total: z.int(),
  search_mode: z.nullable(batchSearchModeSchema),
  /** The operator asked to cancel it; it ends failed once its runner stops (issue 12). */
  cancel_requested: z.boolean(),
  /** Issue 32: the fields the site stopped giving in this batch ("parsed partly"); [] otherwise. */
  parsed_partly: parsedPartlyWireSchema,
});
export type BatchWire = z.infer<typeof batchWireSchema>;
export const batchWireListSchema = z.array(batchWireSchema);

/**
 * A Batch as the screens read it: SPEC.md §4 shows a missing kind as daily and a missing status
 * as running, so the client accepts answers without them (and without the extras).
 */
export const batchSchema = z.extend(batchWireSchema, {
  kind: z.pipe(
    z.nullish(batchKindSchema),
    z.transform((k: BatchKind | null | undefined) => k ?? 'daily'),
  ),
  status: z.pipe(
    z.nullish(batchStatusSchema),
    z.transform((s: BatchStatus | null | undefined) => s ?? 'running'),
  ),
  started_at: orNull(z.iso.datetime({ offset: true })),
  finished_at: orNull(z.iso.datetime({ offset: true })),
  error: orNull(z.string()),
  progress: orNull(batchProgressSchema),
  jobs_new: z._default(z.int(), 0),
  jobs_total: z._default(z.int(), 0),
  search_mode: orNull(batchSearchModeSchema),
  cancel_requested: z._default(z.boolean(), false),
  parsed_partly: parsedPartlySchema,
});
export type Batch = z.output<typeof batchSchema>;
export const batchListSchema = z.array(batchSchema);

export const startBatchResponseSchema = batchSchema;
/** `POST /batches/{id}/cancel` (issue 12): the batch as it stands, its cancel recorded. */
export const cancelBatchResponseSchema = batchSchema;

/** The batch and query-run exports: SPEC.md's xlsx by default, csv or json on request (issue 18). */
export const exportQuerySchema = z.object({ format: exportFormatParamSchema });
