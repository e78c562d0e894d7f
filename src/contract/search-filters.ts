import { z } from 'zod/mini';

// A standard query's search filters (issue 10): the guest search's own filters, named for people.
// The scraper maps them to the site's parameters (src/scraper/search-filters.ts).

export const POSTED_WITHIN = ['any', 'past_24_hours', 'past_week', 'past_month'] as const;
export const WORKPLACES = ['on_site', 'remote', 'hybrid'] as const;
export const EXPERIENCE_LEVELS = [
  'internship',
  'entry_level',
  'associate',
  'mid_senior',
  'director',
  'executive',
] as const;
export const JOB_TYPES = [
  'full_time',
  'part_time',
  'contract',
  'temporary',
  'internship',
  'volunteer',
  'other',
] as const;
/** The radii, in miles, the site's own distance filter offers. */
export const DISTANCES = [5, 10, 25, 50, 100] as const;

export type PostedWithin = (typeof POSTED_WITHIN)[number];
export type Workplace = (typeof WORKPLACES)[number];
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export type JobType = (typeof JOB_TYPES)[number];
export type Distance = (typeof DISTANCES)[number];

/** The site's own words for its experience levels (the query filters, a fit profile's seniority). */
export const EXPERIENCE_LEVEL_LABELS: Readonly<Record<ExperienceLevel, string>> = {
  internship: 'Internship',
  entry_level: 'Entry level',
  associate: 'Associate',
  mid_senior: 'Mid-Senior',
  director: 'Director',
  executive: 'Executive',
};

/** Seconds each "posted within" stands for (the site's `f_TPR=r<seconds>`); null for any time. */
export const POSTED_WITHIN_SECONDS: Record<PostedWithin, number | null> = {
  any: null,
  past_24_hours: 86_400,
  past_week: 604_800,
  past_month: 2_592_000,
};

const oneOf = (values: readonly (string | number)[]) => values.join(', ');

function list<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  const message = `filters.${field} must be a list of: ${oneOf(values)}`;
  return z.optional(z.array(z.enum(values, { error: message }), { error: message }));
}

const DISTANCE_MESSAGE = `filters.distance must be one of ${oneOf(DISTANCES)} (miles), or null`;

/**
 * The `filters` object of POST/PUT /queries. Every key is optional (a missing one means "no
 * filter"); unknown keys and values are refused, so a typo never silently widens a search.
 */
export const searchFiltersWriteSchema = z.strictObject(
  {
    posted_within: z.optional(
      z.enum(POSTED_WITHIN, {
        error: `filters.posted_within must be one of ${oneOf(POSTED_WITHIN)}`,
      }),
    ),
    workplace: list('workplace', WORKPLACES),
    experience: list('experience', EXPERIENCE_LEVELS),
    job_type: list('job_type', JOB_TYPES),
    easy_apply: z.optional(z.boolean({ error: 'filters.easy_apply must be a boolean' })),
    distance: z.optional(
      z.nullable(
        z.number({ error: DISTANCE_MESSAGE }).check(
          z.refine((n: number) => (DISTANCES as readonly number[]).includes(n), {
            error: DISTANCE_MESSAGE,
          }),
        ),
      ),
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `filters has unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.join(', ')}; known: posted_within, workplace, experience, job_type, easy_apply, distance`
        : 'filters must be an object',
  },
);
export type SearchFiltersWrite = z.infer<typeof searchFiltersWriteSchema>;

/** Filters as stored and sent: every key present, lists deduplicated in their canonical order. */
export const searchFiltersSchema = z.object({
  posted_within: z.enum(POSTED_WITHIN),
  workplace: z.array(z.enum(WORKPLACES)),
  experience: z.array(z.enum(EXPERIENCE_LEVELS)),
  job_type: z.array(z.enum(JOB_TYPES)),
  easy_apply: z.boolean(),
  distance: z.nullable(z.number()),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

export const NO_FILTERS: SearchFilters = {
  posted_within: 'any',
  workplace: [],
  experience: [],
  job_type: [],
  easy_apply: false,
  distance: null,
};

const ordered = <T extends string>(all: readonly T[], picked: readonly T[] | undefined): T[] =>
  all.filter((v) => picked?.includes(v) ?? false);

/** The one stored form of a filters body: same meaning, same value (fingerprints rely on it). */
export function normalizeFilters(write: SearchFiltersWrite | undefined): SearchFilters {
  if (!write) return { ...NO_FILTERS };
  return {
    posted_within: write.posted_within ?? 'any',
    workplace: ordered(WORKPLACES, write.workplace),
    experience: ordered(EXPERIENCE_LEVELS, write.experience),
    job_type: ordered(JOB_TYPES, write.job_type),
    easy_apply: write.easy_apply ?? false,
    distance: write.distance ?? null,
  };
}

export function hasFilters(filters: SearchFilters): boolean {
  return (
    filters.posted_within !== 'any' ||
    filters.workplace.length > 0 ||
    filters.experience.length > 0 ||
    filters.job_type.length > 0 ||
    filters.easy_apply ||
    filters.distance !== null
  );
}
