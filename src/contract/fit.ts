import { z } from 'zod/mini';
import { dateTimeSchema } from './common';
import { EXPERIENCE_LEVELS } from './search-filters';
import { JOB_WORKPLACES } from './workplace';

// Fit (issue 40): how well a job matches what the operator is looking for, scored on this machine
// with no model (src/fit/), explained part by part. A profile says what the operator looks for;
// each saved query uses one (the default unless it names another).

/** The bands, best first, each with the lowest score it takes. */
export const FIT_BANDS = ['strong', 'good', 'weak', 'poor'] as const;
export type FitBand = (typeof FIT_BANDS)[number];
export const FIT_BAND_FLOORS: Readonly<Record<FitBand, number>> = {
  strong: 80,
  good: 60,
  weak: 40,
  poor: 0,
};
/** The band's name in words: a band is never told by its colour alone. */
export const FIT_BAND_LABELS: Readonly<Record<FitBand, string>> = {
  strong: 'Strong',
  good: 'Good',
  weak: 'Weak',
  poor: 'Poor',
};
export const fitBandSchema = z.enum(FIT_BANDS, {
  error: `band must be one of ${FIT_BANDS.join(', ')}`,
});

/** The band a score (0–100) falls in. */
export function fitBand(score: number): FitBand {
  for (const band of FIT_BANDS) if (score >= FIT_BAND_FLOORS[band]) return band;
  return 'poor';
}

/** A dealbreaker caps the score here: the top of Poor. */
export const FIT_DEALBREAKER_CAP = FIT_BAND_FLOORS.weak - 1;
/**
 * A language the job requires and the operator does not speak caps the score here, the top of
 * Weak: a job the operator cannot do in its language is never Good, however well the rest fits
 * (decision 061).
 */
export const FIT_LANGUAGE_MISS_CAP = FIT_BAND_FLOORS.good - 1;

/**
 * The languages a profile can name (ISO 639-1) with their names in English, and the languages
 * the scorer reads as a job's requirement ("fluent German", "Deutsch fließend").
 */
export const FIT_LANGUAGE_NAMES = {
  ar: 'Arabic',
  cs: 'Czech',
  da: 'Danish',
  de: 'German',
  el: 'Greek',
  en: 'English',
  es: 'Spanish',
  fi: 'Finnish',
  fr: 'French',
  he: 'Hebrew',
  hi: 'Hindi',
  hu: 'Hungarian',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  nl: 'Dutch',
  no: 'Norwegian',
  pl: 'Polish',
  pt: 'Portuguese',
  ro: 'Romanian',
  ru: 'Russian',
  sv: 'Swedish',
  tr: 'Turkish',
  uk: 'Ukrainian',
  zh: 'Chinese',
} as const;
export type FitLanguageCode = keyof typeof FIT_LANGUAGE_NAMES;
const FIT_LANGUAGE_CODES = Object.keys(FIT_LANGUAGE_NAMES);

export const FIT_PROFILES_MAX = 10;
export const FIT_PROFILE_NAME_MAX = 80;
/** A CV or summary's text, as kept: a long CV is ~30,000 characters. */
export const FIT_CV_TEXT_MAX = 100_000;
/** Words or phrases in one list (must-have, plus, dealbreakers). */
export const FIT_TERMS_MAX = 100;
export const FIT_TERM_MAX = 100;
export const FIT_PLACES_MAX = 20;
export const FIT_LANGUAGES_MAX = 20;
/** Alias groups in the editable list (JS = JavaScript); aliases per group. */
export const FIT_ALIAS_GROUPS_MAX = 1_000;
export const FIT_ALIASES_PER_GROUP_MAX = 20;
export const FIT_YEARS_MAX = 60;
/** The biggest upload read for a CV: a long CV as .pdf or .docx is well under 1 MB. */
export const FIT_CV_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const FIT_SALARY_PERIODS = ['year', 'month', 'hour'] as const;
export type FitSalaryPeriod = (typeof FIT_SALARY_PERIODS)[number];

const termList = (field: string) =>
  z
    .array(
      z.string({ error: `${field} must hold words or phrases` }).check(
        z.trim(),
        z.minLength(1, { error: `${field} must not hold an empty entry` }),
        z.maxLength(FIT_TERM_MAX, {
          error: `each entry of ${field} must be at most ${FIT_TERM_MAX} characters`,
        }),
      ),
      { error: `${field} must be a list of words or phrases` },
    )
    .check(
      z.maxLength(FIT_TERMS_MAX, { error: `${field} must hold at most ${FIT_TERMS_MAX} entries` }),
    );

export const fitPlaceSchema = z.object({
  /** The typeahead's geo id, as text (SPEC.md converts suggestions' ids to strings). */
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  display_name: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type FitPlace = z.infer<typeof fitPlaceSchema>;

export const fitSalaryFloorSchema = z.object({
  amount: z
    .number({ error: 'salary_floor.amount must be a number' })
    .check(z.gt(0, { error: 'salary_floor.amount must be above 0' })),
  currency: z
    .string({ error: 'salary_floor.currency must be a 3-letter currency code' })
    .check(
      z.regex(/^[A-Z]{3}$/, { error: 'salary_floor.currency must be a 3-letter currency code' }),
    ),
  period: z.enum(FIT_SALARY_PERIODS, {
    error: `salary_floor.period must be one of ${FIT_SALARY_PERIODS.join(', ')}`,
  }),
});
export type FitSalaryFloor = z.infer<typeof fitSalaryFloorSchema>;

/** What the operator writes: POST /fit-profiles, and PUT /fit-profiles/{id} (every field). */
export const fitProfileWriteSchema = z.strictObject(
  {
    name: z.string({ error: 'name is required' }).check(
      z.trim(),
      z.minLength(1, { error: 'name is required' }),
      z.maxLength(FIT_PROFILE_NAME_MAX, {
        error: `name must be at most ${FIT_PROFILE_NAME_MAX} characters`,
      }),
    ),
    cv_text: z._default(
      z.string({ error: 'cv_text must be text' }).check(
        z.maxLength(FIT_CV_TEXT_MAX, {
          error: `cv_text must be at most ${FIT_CV_TEXT_MAX} characters`,
        }),
      ),
      '',
    ),
    must_skills: z._default(termList('must_skills'), []),
    plus_skills: z._default(termList('plus_skills'), []),
    dealbreakers: z._default(termList('dealbreakers'), []),
    seniority: z._default(
      z.array(
        z.enum(EXPERIENCE_LEVELS, {
          error: `seniority must hold ${EXPERIENCE_LEVELS.join(', ')}`,
        }),
      ),
      [],
    ),
    years_experience: z._default(
      z.nullable(
        z
          .number({ error: 'years_experience must be a number or null' })
          .check(
            z.gte(0, { error: 'years_experience must be 0 or more' }),
            z.lte(FIT_YEARS_MAX, { error: `years_experience must be at most ${FIT_YEARS_MAX}` }),
          ),
      ),
      null,
    ),
    /** Languages the operator speaks: ISO 639-1 codes (FIT_LANGUAGE_NAMES' keys). */
    languages: z._default(
      z
        .array(
          z.string().check(
            z.refine((code: string) => FIT_LANGUAGE_CODES.includes(code), {
              error: `languages must hold ISO 639-1 codes of ${FIT_LANGUAGE_CODES.join(', ')}`,
            }),
          ),
        )
        .check(z.maxLength(FIT_LANGUAGES_MAX)),
      [],
    ),
    workplaces: z._default(
      z.array(
        z.enum(JOB_WORKPLACES, { error: `workplaces must hold ${JOB_WORKPLACES.join(', ')}` }),
      ),
      [],
    ),
    places: z._default(
      z
        .array(fitPlaceSchema)
        .check(
          z.maxLength(FIT_PLACES_MAX, { error: `places must hold at most ${FIT_PLACES_MAX}` }),
        ),
      [],
    ),
    salary_floor: z._default(z.nullable(fitSalaryFloorSchema), null),
    /** Make this the default profile (the one queries use unless they name another). */
    is_default: z.optional(z.boolean({ error: 'is_default must be a boolean' })),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Request body has unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.join(', ')}`
        : 'Request body must be a fit profile',
  },
);
export type FitProfileWrite = z.output<typeof fitProfileWriteSchema>;

export const fitProfileSchema = z.object({
  id: z.int(),
  name: z.string(),
  is_default: z.boolean(),
  /** Goes up by one with each change: scores carry the version they were computed from. */
  version: z.int(),
  cv_text: z.string(),
  must_skills: z.array(z.string()),
  plus_skills: z.array(z.string()),
  dealbreakers: z.array(z.string()),
  seniority: z.array(z.enum(EXPERIENCE_LEVELS)),
  years_experience: z.nullable(z.number()),
  languages: z.array(z.string()),
  workplaces: z.array(z.enum(JOB_WORKPLACES)),
  places: z.array(fitPlaceSchema),
  salary_floor: z.nullable(fitSalaryFloorSchema),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
});
export type FitProfile = z.infer<typeof fitProfileSchema>;
export const fitProfileListSchema = z.array(fitProfileSchema);

/** One alias group: every spelling in it is the same skill (JS, JavaScript, ECMAScript). */
export const fitAliasGroupSchema = z.array(
  z.string().check(z.trim(), z.minLength(1), z.maxLength(FIT_TERM_MAX)),
);

/** The kinds of part a score is made of (decision 061 gives their weights). */
export const FIT_PART_KINDS = [
  'must_skill',
  'plus_skill',
  'title',
  'years',
  'language',
  'seniority',
  'workplace',
  'place',
  'salary',
  'cv',
  'dealbreaker',
] as const;
export type FitPartKind = (typeof FIT_PART_KINDS)[number];

/** Where a piece of evidence was read. */
export const FIT_EVIDENCE_FIELDS = [
  'title',
  'company',
  'description',
  'location',
  'salary',
  'seniority',
  'workplace',
] as const;

export const fitEvidenceSchema = z.object({
  field: z.enum(FIT_EVIDENCE_FIELDS),
  /** The sentence (or the field's text) where it was found, cut to a readable length. */
  text: z.string(),
  /** [start, end) character ranges inside `text` to highlight. */
  marks: z.array(z.tuple([z.int(), z.int()])),
});
export type FitEvidence = z.infer<typeof fitEvidenceSchema>;

/**
 * `yes` the part holds, `no` it does not, `unknown` the job does not say (e.g. no salary shown:
 * the documented effect is in decision 061).
 */
export const FIT_PART_OUTCOMES = ['yes', 'no', 'unknown'] as const;

export const fitPartSchema = z.object({
  kind: z.enum(FIT_PART_KINDS),
  /** What the part checks, in words: "Must-have: Kubernetes", "5+ years asked, you have 7". */
  label: z.string(),
  /** The most points the part can give (its weight); a dealbreaker's is 0. */
  weight: z.number(),
  /** The points it gave. */
  points: z.number(),
  outcome: z.enum(FIT_PART_OUTCOMES),
  evidence: z.array(fitEvidenceSchema),
});
export type FitPart = z.infer<typeof fitPartSchema>;

/** What the job's card or details were scored from. */
export const FIT_SOURCES = ['card', 'details'] as const;

export const jobFitSchema = z.object({
  profile_id: z.int(),
  profile_name: z.string(),
  profile_version: z.int(),
  score: z.int(),
  band: fitBandSchema,
  /** A dealbreaker was found: the score is held in Poor whatever the rest says. */
  dealbreaker: z.boolean(),
  source: z.enum(FIT_SOURCES),
  parts: z.array(fitPartSchema),
  scored_at: dateTimeSchema,
});
export type JobFit = z.infer<typeof jobFitSchema>;

/** The fewest saved (or applied) and hidden jobs profile suggestions are made from. */
export const FIT_SUGGEST_MIN_JOBS = 20;

/**
 * A profile change the operator's triage suggests (src/fit/suggest.ts): a term much more common in
 * saved and applied jobs than in hidden ones (a plus skill?), or the reverse (a dealbreaker?), with
 * its counts ("in 31 of 40 saved, 2 of 120 hidden"). Nothing changes until the operator adds it.
 */
export const fitSuggestionSchema = z.object({
  kind: z.enum(['plus_skill', 'dealbreaker']),
  /** The term as the jobs most often write it ("machine learning", "Kubernetes"). */
  term: z.string(),
  saved: z.int(),
  saved_of: z.int(),
  hidden: z.int(),
  hidden_of: z.int(),
  /** How sure the difference is: the log-odds ratio's z-score (positive: saved; negative: hidden). */
  z: z.number(),
});
export type FitSuggestion = z.infer<typeof fitSuggestionSchema>;
