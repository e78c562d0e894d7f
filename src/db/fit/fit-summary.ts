import { z } from 'zod';
import { fitBand } from '../../contract/fit';
import type { JobFitSummary } from '../../contract/fit-api';

// A job's fit as lists show it (issue 40, docs/decisions/063): its best score, kept on its row
// (jobs.fit_score, jobs.fit_profile_id) for the list's order and filter, and what that score's
// row in job_fits says besides: one lookup by job_fits' primary key per row of a page. A score
// of a profile deleted since (its rows are cleared by the background rescoring) is no fit.

/** The columns a row of `jobs j` answers its fit summary with (fitSummaryOf reads them). */
export const FIT_SUMMARY_COLUMNS = `j.fit_score, j.fit_profile_id,
  (SELECT f.source || ':' || f.dealbreaker FROM job_fits f JOIN fit_profiles p ON p.id = f.profile_id
    WHERE f.job_id = j.id AND f.profile_id = j.fit_profile_id) AS fit_mark`;

export const fitSummaryRowShape = {
  fit_score: z.number().nullable(),
  fit_profile_id: z.number().nullable(),
  /** The score's source and dealbreaker in one value ("details:0"): one lookup, not two. */
  fit_mark: z
    .string()
    .regex(/^(card|details):[01]$/)
    .nullable(),
};
type FitSummaryRow = z.infer<z.ZodObject<typeof fitSummaryRowShape>>;

/** The summary of a row read with FIT_SUMMARY_COLUMNS; null when the job has no fit. */
export function fitSummaryOf(row: FitSummaryRow): JobFitSummary | null {
  if (row.fit_score === null || row.fit_profile_id === null || row.fit_mark === null) return null;
  const [source, dealbreaker] = row.fit_mark.split(':');
  return {
    score: row.fit_score,
    band: fitBand(row.fit_score),
    profile_id: row.fit_profile_id,
    dealbreaker: dealbreaker === '1',
    source: source === 'details' ? 'details' : 'card',
  };
}
