import { z } from 'zod/mini';

// The pipeline's stages (issue 33, docs/decisions/056), apart from the rest of its contract: the
// Jobs panel's line about a job's application reads only these, and loads without the schemas
// of every body the pipeline takes (the Jobs screen's first-visit budget).

/** In board order: the open stages, then the closing outcomes. */
export const APPLICATION_STAGES = [
  'saved',
  'applied',
  'screening',
  'interviewing',
  'offer',
  'accepted',
  'rejected',
  'withdrawn',
  'no_answer',
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export const APPLICATION_STAGE_LABELS: Readonly<Record<ApplicationStage, string>> = {
  saved: 'Saved',
  applied: 'Applied',
  screening: 'Screening',
  interviewing: 'Interviewing',
  offer: 'Offer',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  no_answer: 'No answer',
};

/** What the Jobs panel's line reads of `GET /applications/{job_id}` (a part of its answer). */
export const applicationLineSchema = z.object({
  stage: z.enum(APPLICATION_STAGES),
  stage_since: z.iso.datetime({ offset: true }),
  next_step: z.nullable(z.object({ at: z.iso.datetime({ offset: true }), what: z.string() })),
});
export type ApplicationLine = z.infer<typeof applicationLineSchema>;
