import { z } from 'zod';
import { nullableDateTimeSchema } from './common';

export const batchStatusSchema = z.enum(['running', 'enriching', 'completed', 'failed']);
export type BatchStatus = z.infer<typeof batchStatusSchema>;
export const batchKindSchema = z.enum(['daily', 'manual']);
export type BatchKind = z.infer<typeof batchKindSchema>;

export const batchProgressSchema = z.object({
  runs_total: z.number().int(),
  runs_done: z.number().int(),
  jobs_found: z.number().int(),
  jobs_to_enrich: z.number().int(),
  jobs_enriched: z.number().int(),
});

/**
 * A Batch as the server sends it: SPEC.md's fields, then the screens' extras (the failure reason
 * and progress, issue 5). Plain fields only, so the server's response encoder can use it.
 */
export const batchWireSchema = z.object({
  id: z.number().int(),
  kind: batchKindSchema,
  status: batchStatusSchema,
  started_at: nullableDateTimeSchema,
  finished_at: nullableDateTimeSchema,
  error: z.string().nullable(),
  progress: batchProgressSchema.nullable(),
});
export type BatchWire = z.infer<typeof batchWireSchema>;
export const batchWireListSchema = z.array(batchWireSchema);

/**
 * A Batch as the screens read it: SPEC.md §4 shows a missing kind as daily and a missing status
 * as running, so the client accepts answers without them (and without the extras).
 */
export const batchSchema = batchWireSchema.extend({
  kind: batchKindSchema.nullish().transform((k) => k ?? 'daily'),
  status: batchStatusSchema.nullish().transform((s) => s ?? 'running'),
  started_at: nullableDateTimeSchema.optional().transform((v) => v ?? null),
  finished_at: nullableDateTimeSchema.optional().transform((v) => v ?? null),
  error: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  progress: batchProgressSchema.nullish().transform((v) => v ?? null),
});
export type Batch = z.output<typeof batchSchema>;
export const batchListSchema = z.array(batchSchema);

export const startBatchResponseSchema = batchSchema;

export const exportQuerySchema = z.object({
  format: z.literal('xlsx', { error: 'format must be xlsx' }).default('xlsx'),
});
