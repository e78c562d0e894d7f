import { z } from 'zod/mini';
import { dateTimeSchema } from './common';
import {
  fitBandSchema,
  fitSuggestionSchema,
  FIT_ALIAS_GROUPS_MAX,
  FIT_ALIASES_PER_GROUP_MAX,
  FIT_SOURCES,
  FIT_TERM_MAX,
} from './fit';

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
    groups: z
      .array(
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
          .check(
            // One spelling is a group too: a skill the CV reader and the suggestions know by name
            // (the built-in list has many: Kotlin, Rust…), so the list read is the list written.
            z.minLength(1, { error: 'an alias group needs at least one spelling' }),
            z.maxLength(FIT_ALIASES_PER_GROUP_MAX, {
              error: `an alias group holds at most ${FIT_ALIASES_PER_GROUP_MAX} spellings`,
            }),
          ),
        { error: 'groups must be a list of lists of aliases' },
      )
      .check(
        z.maxLength(FIT_ALIAS_GROUPS_MAX, {
          error: `groups must hold at most ${FIT_ALIAS_GROUPS_MAX} alias groups`,
        }),
      ),
  },
  { error: 'Request body must be {groups}' },
);
export type FitAliasesWrite = z.output<typeof fitAliasesWriteSchema>;

/**
 * 409 body of `POST /fit-profiles`: a name taken, or the limit reached, then with the counts (like
 * the queries' limit).
 */
export const fitProfileConflictSchema = z.object({
  error: z.string(),
  /** With the limit: the profiles there are, and FIT_PROFILES_MAX. */
  current_count: z.optional(z.int()),
  max_allowed: z.optional(z.int()),
});

/** `DELETE /fit-profiles/{id}`. */
export const fitProfileDeletedSchema = z.object({ success: z.literal(true) });
