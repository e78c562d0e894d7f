import { z } from 'zod/mini';
import { dateTimeSchema } from './common';

// A language model's second opinion of a job as `GET /jobs/{id}` carries it (issue 40,
// docs/decisions/067); its settings are in fit-llm.ts.

/** A strength or a gap, with the job's own words that show it. */
export const secondOpinionPointSchema = z.object({
  point: z.string(),
  /** Found in the job's title or description (compared with case and spacing folded). */
  quote: z.string(),
});
export type SecondOpinionPoint = z.infer<typeof secondOpinionPointSchema>;

/** A model's second opinion of a job against one profile: beside the local score, never for it. */
export const secondOpinionSchema = z.object({
  profile_id: z.int(),
  /** The profile's version the job was sent with; older than the profile's now: `stale`. */
  profile_version: z.int(),
  stale: z.boolean(),
  score: z.int(),
  verdict: z.string(),
  strengths: z.array(secondOpinionPointSchema),
  gaps: z.array(secondOpinionPointSchema),
  /** Points whose quote was not found in the job's text: dropped, and counted here. */
  dropped_quotes: z.int(),
  model: z.string(),
  at: dateTimeSchema,
});
export type SecondOpinion = z.infer<typeof secondOpinionSchema>;
