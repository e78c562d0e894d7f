import { z } from 'zod/mini';
import { dateTimeSchema } from './common';
import { fitBandSchema, fitSuggestionSchema, FIT_SOURCES, FIT_TERM_MAX } from './fit';

// Fit's calls beside the profiles' (issue 40): the job's summary in lists, the background
// rescoring's progress, what the operator's own triage suggests, reading a CV, and the aliases.

/** What a job list item says of its fit: the best of its profiles' scores (decision 061). */
export const jobFitSummarySchema = z.object({
  score: z.int(),
  band: fitBandSchema,
  /** The profile that gave this score (the job's queries' profiles: the best one). */
  profile_id: z.int(),
  dealbreaker: z.boolean(),
  /** `card` while only the search card was read; `details` once the description was. */
  source: z.enum(FIT_SOURCES),
});
export type JobFitSummary = z.infer<typeof jobFitSummarySchema>;

/** Lowest fit a `min_fit=` filter takes, and highest. */
export const FIT_SCORE_MIN = 0;
export const FIT_SCORE_MAX = 100;

/** `GET /fit/status`: stored jobs scored against the profiles as they are now. */
export const fitStatusSchema = z.object({
  /** True while stored jobs are being scored again in the background after a change. */
  rescoring: z.boolean(),
  /** Jobs scored against the current version of every profile that applies to them. */
  done: z.int(),
  /** Jobs to score (every stored job, once any profile exists). */
  total: z.int(),
  /** When the running rescoring started; null when idle. */
  started_at: z.nullable(dateTimeSchema),
  /** Whether any profile exists: without one no job has a fit. */
  has_profiles: z.boolean(),
});
export type FitStatus = z.infer<typeof fitStatusSchema>;

/** `GET /fit-profiles/{id}/suggestions`. */
export const fitSuggestionsSchema = z.object({
  /** False until there are FIT_SUGGEST_MIN_JOBS saved-or-applied jobs and as many hidden ones. */
  ready: z.boolean(),
  /** Saved and applied jobs counted, and hidden ones (what "in 31 of 40 saved" counts from). */
  saved_of: z.int(),
  hidden_of: z.int(),
  /** Plus-skill suggestions first, then dealbreakers, each best first. */
  items: z.array(fitSuggestionSchema),
});
export type FitSuggestions = z.infer<typeof fitSuggestionsSchema>;

/**
 * `POST /fit-profiles/cv-text`: the body is the file itself (text/plain, application/pdf or the
 * .docx type), `?name=` its file name. The text is answered, never the file kept.
 */
export const fitCvTextSchema = z.object({
  text: z.string(),
  /** Skills of the alias list found in it: what the profile screen proposes as must-haves. */
  skills: z.array(z.string()),
});
export type FitCvText = z.infer<typeof fitCvTextSchema>;

export const fitCvTextQuerySchema = z.strictObject(
  {
    name: z.optional(
      z
        .string({ error: 'name must be a file name' })
        .check(z.maxLength(255, { error: 'name must be at most 255 characters' })),
    ),
  },
  { error: 'The query string takes only name' },
);

/** `GET /fit-aliases`: the alias groups the scorer reads (JS = JavaScript = ECMAScript). */
export const fitAliasesSchema = z.object({
  groups: z.array(z.array(z.string())),
  /** True while the list is the built-in one (never edited, or reset). */
  built_in: z.boolean(),
});
export type FitAliases = z.infer<typeof fitAliasesSchema>;

/** `PUT /fit-aliases`. `DELETE /fit-aliases` brings the built-in list back. */
export const fitAliasesWriteSchema = z.strictObject(
  {
    groups: z.array(
      z
        .array(
          z.string({ error: 'each alias must be text' }).check(
            z.trim(),
            z.minLength(1, { error: 'an alias must not be empty' }),
            z.maxLength(FIT_TERM_MAX, {
              error: `an alias must be at most ${FIT_TERM_MAX} characters`,
            }),
          ),
          { error: 'groups must be a list of lists of aliases' },
        )
        .check(z.minLength(2, { error: 'an alias group needs at least two spellings' })),
      { error: 'groups must be a list of lists of aliases' },
    ),
  },
  { error: 'Request body must be {groups}' },
);
export type FitAliasesWrite = z.output<typeof fitAliasesWriteSchema>;
