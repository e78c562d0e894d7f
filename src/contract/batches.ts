import { z } from 'zod';
import { nullableDateTimeSchema } from './common';

export const batchStatusSchema = z.enum(['running', 'enriching', 'completed', 'failed']);
export type BatchStatus = z.infer<typeof batchStatusSchema>;
export const batchKindSchema = z.enum(['daily', 'manual']);
export type BatchKind = z.infer<typeof batchKindSchema>;

/** Progress and reason are extras for the screens (issue 5); SPEC.md's fields come first. */
export const batchSchema = z.object({
  id: z.number().int(),
  // SPEC.md §4: a missing kind shows as daily, a missing status as running.
  kind: batchKindSchema.nullish().transform((k) => k ?? 'daily'),
  status: batchStatusSchema.nullish().transform((s) => s ?? 'running'),
  started_at: nullableDateTimeSchema.optional().transform((v) => v ?? null),
  finished_at: nullableDateTimeSchema.optional().transform((v) => v ?? null),
  error: z.string().nullish().transform((v) => v ?? null),
  progress: z
    .object({
      runs_total: z.number().int(),
      runs_done: z.number().int(),
      jobs_found: z.number().int(),
      jobs_to_enrich: z.number().int(),
      jobs_enriched: z.number().int(),
    })
    .nullish()
    .transform((v) => v ?? null),
});
export type Batch = z.output<typeof batchSchema>;
export const batchListSchema = z.array(batchSchema);

export const startBatchResponseSchema = batchSchema;

export const exportQuerySchema = z.object({
  format: z.literal('xlsx', { error: 'format must be xlsx' }).default('xlsx'),
});
