import { z } from 'zod/mini';
import { strictError } from './pipeline';

// Issue 41, round two (docs/decisions/065): the jobs the operator cares about (Saved or Applied
// on the Pipeline board, and flagged jobs) are re-read after each completed batch to learn
// whether they closed. Each at most once every `every_days` days, at most `budget` of them a
// batch, oldest-checked first.

export const RECHECK_EVERY_DAYS_DEFAULT = 3;
export const RECHECK_EVERY_DAYS_MAX = 30;
/**
 * A batch's re-checks by default. A board of 300 open jobs read every 3 days needs 100 a day;
 * half as much again lets 300 jobs put on the board at once be read within a day of falling due
 * (the re-checks bench's month). At the default pace (3 s, 3.75 s on average with jitter) 150
 * take about 9 minutes, after the batch's own work (decision 065 has the figures).
 */
export const RECHECK_BUDGET_DEFAULT = 150;
export const RECHECK_BUDGET_MAX = 1000;

/** GET/PUT /rechecks/settings: how often a job is re-read, and how many re-reads a batch makes. */
export const recheckSettingsSchema = z.object({
  /** A job is re-read at most once in this many days. */
  every_days: z.int(),
  /** Re-checks after each completed batch, at most; 0 turns them off. */
  budget: z.int(),
});
export type RecheckSettings = z.infer<typeof recheckSettingsSchema>;
export const RECHECK_SETTINGS_DEFAULT: RecheckSettings = {
  every_days: RECHECK_EVERY_DAYS_DEFAULT,
  budget: RECHECK_BUDGET_DEFAULT,
};

/** The settings, and how many jobs they watch now. */
export const recheckSettingsAnswerSchema = z.object({
  ...recheckSettingsSchema.shape,
  /**
   * Jobs re-checked under these settings now: Saved or Applied on the board, or flagged by a
   * rule (and not hidden), whose page was not found closed yet.
   */
  watched: z.int(),
});
export type RecheckSettingsAnswer = z.infer<typeof recheckSettingsAnswerSchema>;

const wholeIn = (field: string, min: number, max: number) => {
  const error = `${field} must be a whole number from ${min} to ${max}`;
  return z
    .number({ error })
    .check(z.refine((n) => Number.isInteger(n) && n >= min && n <= max, { error }));
};

export const recheckSettingsBodySchema = z.strictObject(
  {
    every_days: wholeIn('every_days', 1, RECHECK_EVERY_DAYS_MAX),
    budget: wholeIn('budget', 0, RECHECK_BUDGET_MAX),
  },
  { error: strictError('{every_days, budget}') },
);
