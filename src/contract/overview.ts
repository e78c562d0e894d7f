import { z } from 'zod/mini';
import { nullableDateTimeSchema } from './common';
import { cookieStatusSchema } from './operations';
import { overviewFieldSchema } from './overview-fields';

// The Overview (issue 32): what the searches found over time, what it cost, and whether the site
// still parses. Five read-only calls under /overview, each for a range of calendar days in the
// server's TZ (today and the days before it) and optionally one saved query. Every figure comes
// from aggregates kept as batches store and jobs change (docs/decisions/055), so a call costs the
// same with 200,000 jobs as with 200.

/** The ranges the screen offers: the last 7, 30 or 90 days (today included), or every day. */
export const OVERVIEW_RANGES = ['7', '30', '90', 'all'] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];
export const OVERVIEW_RANGE_DEFAULT: OverviewRange = '30';

export {
  OVERVIEW_FIELD_LABELS,
  OVERVIEW_FIELDS,
  overviewFieldSchema,
  type OverviewField,
} from './overview-fields';

const OVERVIEW_PARAMS = ['range', 'query'] as const;

/** `GET /overview/*`'s query string: `range` (default 30) and `query`, a saved query's id. */
export const overviewQuerySchema = z.strictObject(
  {
    range: z._default(
      z.enum(OVERVIEW_RANGES, { error: 'range must be one of 7, 30, 90, all' }),
      OVERVIEW_RANGE_DEFAULT,
    ),
    query: z.optional(
      z.pipe(
        z.string({ error: 'query must be given once, as text' }).check(
          z.regex(/^[1-9]\d{0,14}$/, {
            error: 'query must be a saved query’s id (a positive integer)',
          }),
        ),
        z.transform((v: string) => Number(v)),
      ),
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown ${issue.keys.length === 1 ? 'parameter' : 'parameters'} ${issue.keys.join(', ')}; known: ${OVERVIEW_PARAMS.join(', ')}`
        : 'Invalid query string',
  },
);
export type OverviewQuery = z.output<typeof overviewQuerySchema>;

/** The days every answer covers: `days` lists them oldest first; each series has one value a day. */
export const overviewSpanSchema = z.object({
  range: z.enum(OVERVIEW_RANGES),
  /** The saved query asked for, or null for all of them. */
  query_id: z.nullable(z.int()),
  /** Calendar days (YYYY-MM-DD in the server's TZ), oldest first, today last. */
  days: z.array(z.string()),
  /**
   * Issue 39: per day, how many of the saved queries asked for (all of them without `query`;
   * archived ones too) stored their first jobs that day. A search's first run stores every job
   * it finds at once (its initial backfill), so that day stands far above the ones after it; the
   * screen draws it cut. Always sent by this server; optional for the clients written before it.
   */
  backfills: z.optional(z.array(z.int())),
});
export type OverviewSpan = z.infer<typeof overviewSpanSchema>;

/**
 * 1. New jobs per day (`GET /overview/new-jobs`): jobs first seen that day, each counted once under
 * the query whose run stored it first. A job is a repost, hidden by a rule, or else kept under its
 * query: the top 8 queries by kept jobs in the range have a series each, the rest one "other"
 * series (query_id null). The three kinds add up to `total` on every day.
 */
export const overviewNewJobsSchema = z.extend(overviewSpanSchema, {
  series: z.array(
    z.object({
      /** null: the queries outside the top 8, together. */
      query_id: z.nullable(z.int()),
      /** "Financial Analyst · New York", or "Other queries". */
      label: z.string(),
      jobs: z.array(z.int()),
    }),
  ),
  /** New jobs the reposts step linked to an earlier job (docs/decisions/035). */
  reposts: z.array(z.int()),
  /** New jobs a rule hid (and nobody has changed since). */
  hidden_by_rules: z.array(z.int()),
  total: z.array(z.int()),
});
export type OverviewNewJobs = z.infer<typeof overviewNewJobsSchema>;

export const overviewRunStatusSchema = z.enum(['running', 'completed', 'failed']);

/**
 * 2. Searches (`GET /overview/searches`): one row per saved query that is not archived or that
 * ran in the range, for the sortable table.
 */
export const overviewSearchSchema = z.object({
  query_id: z.int(),
  job_title: z.string(),
  location: z.string(),
  is_ai: z.boolean(),
  query_status: z.enum(['active', 'inactive', 'archived']),
  /**
   * Sightings: jobs its runs in the range found, every time they found one (a job found on two
   * days counts twice, as on Query Runs). `unique_jobs_found` counts each job once.
   */
  jobs_found: z.int(),
  /**
   * Issue 39: unique jobs its runs in the range found, each once however often it was seen (new
   * or not: another search may have found it first). Counted over 7 and 30 days; null with 90 and
   * all, whose sightings are too many to count within the call's time. Always sent by this
   * server; optional for the clients written before it.
   */
  unique_jobs_found: z.optional(z.nullable(z.int())),
  /** Jobs its last run stored first; null when it never ran. */
  new_last_run: z.nullable(z.int()),
  /** Jobs it stored first in the range. */
  new_in_range: z.int(),
  /** Of those, the share not hidden (by a rule or the operator), 0 to 1; null without new jobs. */
  kept_share: z.nullable(z.number()),
  /** Site requests its runs spent in the range (result pages, and details of its new jobs). */
  site_requests: z.int(),
  /** site_requests ÷ new_in_range; null without new jobs. */
  requests_per_new_job: z.nullable(z.number()),
  last_run_status: z.nullable(overviewRunStatusSchema),
  last_run_at: nullableDateTimeSchema,
  /** New jobs per day of the range (the sparkline), one value a day as in `days`. */
  daily_new: z.array(z.int()),
  /**
   * Issue 39, what its jobs led to in the application pipeline, counting the jobs it stored
   * first (all of them, not only the range's): how many were put on the Pipeline in the range
   * (saved, or applied straight away), ...
   */
  saved_in_range: z.optional(z.int()),
  /** ... how many entered Applied or a later stage for the first time in the range, ... */
  applied_in_range: z.optional(z.int()),
  /** ... and how many reached Screening or a later stage (Interviewing, Offer, Accepted) in it. */
  screening_in_range: z.optional(z.int()),
  /**
   * Issue 39: the day (YYYY-MM-DD, server's TZ) it stored its first jobs (its initial
   * backfill, which the sparkline draws cut); null when it stored none.
   */
  backfill_day: z.optional(z.nullable(z.string())),
});
export type OverviewSearch = z.infer<typeof overviewSearchSchema>;
export const overviewSearchesSchema = z.extend(overviewSpanSchema, {
  searches: z.array(overviewSearchSchema),
});
export type OverviewSearches = z.infer<typeof overviewSearchesSchema>;

export const overviewCountSchema = z.object({ value: z.string(), jobs: z.int() });
export type OverviewCount = z.infer<typeof overviewCountSchema>;

/** A currency's yearly salaries (each job's range midpoint, hours and months made a year). */
export const overviewSalarySchema = z.object({
  currency: z.string(),
  jobs: z.int(),
  p25: z.number(),
  median: z.number(),
  p75: z.number(),
});
export type OverviewSalary = z.infer<typeof overviewSalarySchema>;

export const OVERVIEW_WORKPLACES = ['remote', 'hybrid', 'on-site', 'unknown'] as const;

/** 3. Market (`GET /overview/market`), over the jobs first seen in the range. */
export const overviewMarketSchema = z.extend(overviewSpanSchema, {
  /** The 10 companies with the most new jobs, most first. */
  companies: z.array(
    z.object({
      name: z.string(),
      /** What the Jobs screen's company filter and the block list match on. */
      normalized_name: z.string(),
      company_id: z.nullable(z.int()),
      jobs: z.int(),
      blocked: z.boolean(),
    }),
  ),
  /** New jobs per day by workplace; unknown where neither the site nor the text says. */
  workplace: z.object({
    remote: z.array(z.int()),
    hybrid: z.array(z.int()),
    'on-site': z.array(z.int()),
    unknown: z.array(z.int()),
  }),
  salaries: z.array(overviewSalarySchema),
  /** Counts of the jobs whose details say it, most first. */
  seniority: z.array(overviewCountSchema),
  employment_types: z.array(overviewCountSchema),
  /** Jobs with details: how many offer Easy Apply. */
  easy_apply: z.object({ jobs: z.int(), easy_apply: z.int() }),
  /** The median of the applicant counts the site shows ("Over 200" counts as 200). */
  applicants: z.object({ jobs: z.int(), median: z.nullable(z.number()) }),
});
export type OverviewMarket = z.infer<typeof overviewMarketSchema>;

export const OVERVIEW_STAGES = ['found', 'seen', 'saved', 'applied'] as const;

/**
 * 4. Triage (`GET /overview/triage`): of the jobs first seen in the range, how many reached each
 * stage: found (all), seen (opened: seen, saved or applied), saved (saved or applied), applied.
 * Hidden jobs are counted apart.
 */
export const overviewTriageSchema = z.extend(overviewSpanSchema, {
  stages: z.array(z.object({ stage: z.enum(OVERVIEW_STAGES), jobs: z.int() })),
  hidden: z.int(),
});
export type OverviewTriage = z.infer<typeof overviewTriageSchema>;

/** A field the site stopped giving (decision 054): since which batch, until a normal one. */
export const overviewDriftSchema = z.object({
  field: overviewFieldSchema,
  batch_id: z.int(),
  since: nullableDateTimeSchema,
});
export type OverviewDrift = z.infer<typeof overviewDriftSchema>;

/**
 * 5. Site health (`GET /overview/site-health`), per day of the completed batches. The site parses
 * the same for every search, so these figures cover all of them; `query` is still checked.
 */
export const overviewSiteHealthSchema = z.extend(overviewSpanSchema, {
  /** Per field, the share of the day's new jobs with it filled, 0 to 1; null on a day without. */
  fields: z.array(
    z.object({
      field: overviewFieldSchema,
      fill: z.array(z.nullable(z.number())),
      /**
       * Issue 39: per day, whether a batch completed that day found the field drifting
       * (decision 054), so a drift stays visible after the field recovered. Always sent by
       * this server; optional for the clients written before it.
       */
      drifting: z.optional(z.array(z.boolean())),
    }),
  ),
  /** The site's side of the day's batches. */
  requests: z.array(z.int()),
  /** 429 and 999 answers. */
  rate_limited: z.array(z.int()),
  retries: z.array(z.int()),
  /** Waits before a retry, and their total length in seconds. */
  pauses: z.array(z.int()),
  pause_seconds: z.array(z.number()),
  failed_details: z.array(z.int()),
  /** Fields drifting now, oldest first. */
  drift: z.array(overviewDriftSchema),
  cookies: cookieStatusSchema,
});
export type OverviewSiteHealth = z.infer<typeof overviewSiteHealthSchema>;

/**
 * A headline figure: the range's, the range before's, and the change between them. A figure that
 * cannot be had (a ratio without new jobs; the range before `all`) is null.
 */
export const overviewHeadlineSchema = z.object({
  value: z.nullable(z.number()),
  /**
   * The same figure over the range before: as many days, ending the day before this one starts.
   * Null with range=all, and when the range before ends before the first day anything was found
   * or ran (of the query asked for): nothing to compare with.
   */
  previous: z.nullable(z.number()),
  /** value − previous; null when either is. */
  change: z.nullable(z.number()),
  /** change ÷ previous (0.25: a quarter more; −1: none left); null when previous is 0 or null. */
  change_share: z.nullable(z.number()),
});
export type OverviewHeadline = z.infer<typeof overviewHeadlineSchema>;

export const OVERVIEW_HEADLINES = [
  'new_jobs',
  'kept',
  'saved',
  'applied',
  'site_requests',
  'requests_per_new_job',
] as const;
export type OverviewHeadlineName = (typeof OVERVIEW_HEADLINES)[number];

/**
 * 0. Headlines (`GET /overview/headlines`, issue 39): the range's main figures against the range
 * before it, so "what came in this week" needs no arithmetic.
 */
export const overviewHeadlinesSchema = z.extend(overviewSpanSchema, {
  /** The range before (its first and last day); null with range=all, which has none. */
  previous_days: z.nullable(z.object({ first: z.string(), last: z.string() })),
  /** Jobs first seen in the range: the New jobs chart's total. */
  new_jobs: overviewHeadlineSchema,
  /** Of those, the ones not hidden (by a rule or the operator), as the Searches table's Kept. */
  kept: overviewHeadlineSchema,
  /** Jobs put on the Pipeline in the range (saved, or applied straight away). */
  saved: overviewHeadlineSchema,
  /** Applications that entered Applied or a later stage for the first time in the range. */
  applied: overviewHeadlineSchema,
  /**
   * Requests sent to the site in the range: every request of the batches (as Site requests per
   * day counts them), or with `query` that query's result pages and its new jobs' details (as
   * the Searches table counts them).
   */
  site_requests: overviewHeadlineSchema,
  /** site_requests ÷ new_jobs; null without new jobs. */
  requests_per_new_job: overviewHeadlineSchema,
});
export type OverviewHeadlines = z.infer<typeof overviewHeadlinesSchema>;
