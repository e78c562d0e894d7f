import { z } from 'zod/mini';
import { jobFlagSchema, jobRuleRefSchema } from './rules';
import { exportFormatParamSchema } from './export-formats';
import { jobFitSchema } from './fit';
import { FIT_SCORE_MAX, FIT_SCORE_MIN, jobFitSummarySchema } from './fit-api';
import { secondOpinionSchema } from './fit-opinion';
import { applicationStageSchema } from './pipeline';
import { JOB_WORKPLACES } from './workplace';

// The Jobs screen's API (issue 9): every job the product has found, searched, filtered and triaged.
// The names of the list's query string are the screen's URL parameters (docs/decisions/015).

export const JOB_STATES = ['new', 'seen', 'saved', 'applied', 'hidden'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** Without a `state` filter the list shows every state but hidden. */
export const DEFAULT_JOB_STATES: readonly JobState[] = ['new', 'seen', 'saved', 'applied'];
export const JOB_POSTED_WITHIN = ['24h', '7d', '30d'] as const;
export type JobPostedWithin = (typeof JOB_POSTED_WITHIN)[number];
export { JOB_WORKPLACES, type JobWorkplace } from './workplace';
/**
 * `fit` (issue 40): the best fit first (a job's best score among its profiles), ties newest first,
 * jobs without a fit last.
 */
export const JOB_SORTS = ['newest', 'posted', 'relevance', 'fit'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

/** The words of a search, lower-cased, each once: letters and digits only, as the index cuts them. */
export function jobSearchWords(q: string): string[] {
  return Array.from(new Set(q.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
}

/**
 * The order a list is in: newest unless another is asked for, also while searching; relevance
 * needs words to rank by (docs/decisions/013 and 015). The server and the screen both read it.
 */
export function effectiveJobSort(q: string | undefined, sort: JobSort | null | undefined): JobSort {
  if (sort === 'relevance') return q ? 'relevance' : 'newest';
  return sort ?? 'newest';
}

export const JOBS_PAGE_MAX = 100;
export const JOBS_PAGE_DEFAULT = 50;
export const BULK_STATE_MAX_IDS = 500;
/** Longer searches are refused rather than cut: nobody types 500 characters of keywords. */
export const JOB_SEARCH_MAX_LENGTH = 500;
export const JOB_COMPANY_FILTER_MAX_LENGTH = 200;
/** A cursor is a short base64url text; anything longer is not ours. */
export const JOB_CURSOR_MAX_LENGTH = 512;

export const jobStateSchema = z.enum(JOB_STATES, {
  error: `state must be one of ${JOB_STATES.join(', ')}`,
});

/**
 * The job an item reposts (issue 17, docs/decisions/035): an earlier job of the same company,
 * normalised title and location under another id. `confirmed` once both descriptions were
 * compared; false while it rests on the search card alone (details not fetched yet).
 */
export const jobRepostSchema = z.object({
  /** The earlier job it reposts (the latest one before it in the chain). */
  of: z.int(),
  /** When the chain's first job was first seen ("Reposted · first seen 23 days ago"). */
  first_seen_at: z.string(),
  /** That earlier job's triage state now. */
  earlier_state: jobStateSchema,
  /** A job of the chain was marked applied. */
  applied_before: z.boolean(),
  confirmed: z.boolean(),
  /**
   * Issue 33: another job of the chain that is in the application pipeline (on the board), and
   * its stage now ("applied before · Interviewing"); the latest one when several are; null when
   * none is. Always sent by this server; optional for the clients written before it.
   */
  pipeline: z.optional(z.nullable(z.object({ job_id: z.int(), stage: applicationStageSchema }))),
});
export type JobRepost = z.infer<typeof jobRepostSchema>;

/** A group key: the same role (company and normalised title) in several places. */
export const JOB_GROUP_KEY_PATTERN = /^[0-9a-f]{16}$/;
/** A group's item lists at most this many of its locations (size still counts them all). */
export const JOB_GROUP_LOCATIONS_MAX = 50;

/**
 * The same role in several places: one company's jobs with the same normalised title in two or
 * more locations. The list shows one row per group with `grouped=true` (the Jobs screen), every
 * job by default; `GET /jobs?group=<key>` lists its members. Null for a role found in one place
 * only. Its figures count the whole group, whatever the list's filters.
 */
export const jobGroupSchema = z.object({
  key: z.string(),
  /** How many distinct locations the group spans. */
  size: z.int(),
  /**
   * How many jobs it holds, in every state: a place may hold more than one (a repost, a
   * look-alike), so the row says "3 jobs in 2 places" (issue 30).
   */
  jobs: z.int(),
  /** Its distinct locations, this job's first, then alphabetical (at most JOB_GROUP_LOCATIONS_MAX). */
  locations: z.array(z.string()),
});
export type JobGroup = z.infer<typeof jobGroupSchema>;

export const jobListItemSchema = z.object({
  id: z.int(),
  title: z.string(),
  company_name: z.nullable(z.string()),
  company_id: z.nullable(z.int()),
  location: z.nullable(z.string()),
  /** The posting day (YYYY-MM-DD) as the site gives it. */
  posted_at: z.nullable(z.string()),
  salary: z.nullable(z.string()),
  easy_apply: z.boolean(),
  applicants: z.nullable(z.string()),
  workplace: z.nullable(z.string()),
  /** The search terms of the runs that found it, each once, in the order first found. */
  search_terms: z.array(z.string()),
  state: jobStateSchema,
  first_seen_at: z.string(),
  url: z.string(),
  /** Issue 17: the earlier job this one reposts, or null. */
  repost: z.nullable(jobRepostSchema),
  /** Issue 17: the same role in other places, or null. */
  group: z.nullable(jobGroupSchema),
  /** Issue 17: the labels of the enabled flag rules that match it, in the rules' order. */
  flags: z.array(jobFlagSchema),
  /** Issue 17: the rule that set the state hidden, while nobody has changed the state since. */
  hidden_by_rule: z.nullable(jobRuleRefSchema),
  /** Issue 17: the rule that keeps it out of notifications. */
  muted_by_rule: z.nullable(jobRuleRefSchema),
  /**
   * Issue 39: the job's stage in the application pipeline while it is on the board (`state` is
   * then the stage's triage state: saved for Saved, applied for every later stage); null when it
   * is not (never put there, or taken off by triage), so a client asks `/applications/{id}` only
   * for a job that has one. Always sent by this server; optional for the clients written before it.
   */
  pipeline_stage: z.optional(z.nullable(applicationStageSchema)),
  /**
   * Issue 41: when its page was first found closed ("No longer accepting applications"); null
   * while open, or before its page was read. Always sent by this server; optional for the clients
   * written before it.
   */
  closed_at: z.optional(z.nullable(z.string())),
  /**
   * Issue 41: the employer's own apply address as its page gave it (http(s) only, LinkedIn's
   * redirect removed); null for Easy Apply and when the page gives none. Always sent by this
   * server; optional for the clients written before it.
   */
  apply_url: z.optional(z.nullable(z.string())),
  /**
   * Issue 40: the job's fit, its best score among the profiles of the saved queries that found it
   * (docs/decisions/063); null while no profile exists or before it was scored. Always sent by
   * this server; optional for the clients written before it.
   */
  fit: z.optional(z.nullable(jobFitSummarySchema)),
});
export type JobListItem = z.infer<typeof jobListItemSchema>;

/** The list counts matching jobs up to this many; past it, `total` is this and `total_capped` true. */
export const JOBS_TOTAL_CAP = 1_000;

export const jobListSchema = z.object({
  items: z.array(jobListItemSchema),
  next_cursor: z.nullable(z.string()),
  /** How many items the list holds: jobs, or with `grouped=true` rows (a group's is one). */
  total: z.int(),
  /** More items match than `total` says (docs/decisions/014). */
  total_capped: z.boolean(),
  /**
   * How many jobs pass the filters, counted to the same cap: `total` itself unless grouped,
   * where a group's row stands for each of its members that passes them (issue 30).
   */
  total_jobs: z.int(),
  /** More jobs pass the filters than `total_jobs` says. */
  total_jobs_capped: z.boolean(),
});
export type JobList = z.infer<typeof jobListSchema>;

export const jobFoundBySchema = z.object({
  run_id: z.int(),
  batch_id: z.int(),
  query_id: z.int(),
  search_term: z.string(),
  search_location: z.string(),
});
export type JobFoundBy = z.infer<typeof jobFoundBySchema>;

/** One job of a repost chain, oldest first (the job itself included). */
export const jobRepostChainEntrySchema = z.object({
  id: z.int(),
  title: z.string(),
  location: z.nullable(z.string()),
  first_seen_at: z.string(),
  posted_at: z.nullable(z.string()),
  state: jobStateSchema,
});
export type JobRepostChainEntry = z.infer<typeof jobRepostChainEntrySchema>;

export const jobDetailSchema = z.extend(jobListItemSchema, {
  seniority: z.nullable(z.string()),
  employment_type: z.nullable(z.string()),
  job_function: z.nullable(z.string()),
  industries: z.nullable(z.string()),
  /** Sanitised on the server (an allow-list of text tags and http(s) links): safe to render. */
  description_html: z.nullable(z.string()),
  found_by: z.array(jobFoundBySchema),
  last_seen_at: z.string(),
  company_blocked: z.boolean(),
  /** Issue 17: the job's repost chain, oldest first, itself included; [] when it has none. */
  repost_chain: z.array(jobRepostChainEntrySchema),
  /** Issue 17: false for a job hidden on its card before its details were fetched (`POST /jobs/{id}/details`). */
  details_fetched: z.boolean(),
  /**
   * Issue 40: the job's score against each profile that scores it, best first, each with its
   * parts and their evidence ("Why this fit"); [] when none. Always sent by this server; optional
   * for the clients written before it.
   */
  fits: z.optional(z.array(jobFitSchema)),
  /**
   * Issue 40: a language model's second opinion for each profile it was asked with (the newest
   * version asked), beside the local score and never instead of it; [] when none. Always sent by
   * this server; optional for the clients written before it.
   */
  second_opinions: z.optional(z.array(secondOpinionSchema)),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

export const jobStateBodySchema = z.strictObject(
  { state: jobStateSchema },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Request body has unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.join(', ')}; send {state}`
        : 'Request body must be {state}',
  },
);
export type JobStateBody = z.infer<typeof jobStateBodySchema>;

const BULK_IDS_MESSAGE = `ids must be a list of 1 to ${BULK_STATE_MAX_IDS} job ids`;
const JOB_ID_MESSAGE = 'ids must hold positive integer job ids';

export const bulkJobStateBodySchema = z.strictObject(
  {
    ids: z
      .array(
        z
          .number({ error: JOB_ID_MESSAGE })
          .check(
            z.refine(Number.isSafeInteger, { error: JOB_ID_MESSAGE }),
            z.gt(0, { error: JOB_ID_MESSAGE }),
          ),
        { error: BULK_IDS_MESSAGE },
      )
      .check(
        z.minLength(1, { error: BULK_IDS_MESSAGE }),
        z.maxLength(BULK_STATE_MAX_IDS, { error: BULK_IDS_MESSAGE }),
      ),
    state: jobStateSchema,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Request body has unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.join(', ')}; send {ids, state}`
        : 'Request body must be {ids, state}',
  },
);
export type BulkJobStateBody = z.infer<typeof bulkJobStateBodySchema>;

export const jobStateResponseSchema = z.object({ id: z.int(), state: jobStateSchema });
export type JobStateResponse = z.infer<typeof jobStateResponseSchema>;
export const bulkJobStateResponseSchema = z.object({ updated: z.int() });

// The list's query string. Every value arrives as text; each parameter is checked and turned into
// its typed meaning here, and anything unknown (a parameter or a value) is refused with a message
// naming it, so a typo never silently widens the list.

const text = (field: string) => z.string({ error: `${field} must be given once, as text` });

function positiveIntParam(field: string) {
  const message = `${field} must be a positive integer`;
  return z.optional(
    z.pipe(
      text(field).check(z.regex(/^[1-9]\d{0,14}$/, { error: message })),
      z.transform((v: string) => Number(v)),
    ),
  );
}

function oneOfParam<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.optional(z.enum(values, { error: `${field} must be one of ${values.join(', ')}` }));
}

/** A comma list of known words: each kept once, in the canonical order. */
function listParam<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  const message = `${field} must be a comma-separated list of: ${values.join(', ')}`;
  return z.optional(
    z.pipe(
      text(field).check(
        z.refine(
          (v: string) =>
            v.split(',').every((w) => (values as readonly string[]).includes(w.trim())),
          { error: message },
        ),
      ),
      z.transform((v: string) => {
        const given = new Set(v.split(',').map((w) => w.trim()));
        return values.filter((w) => given.has(w));
      }),
    ),
  );
}

/** A whole number from `min` to `max`, written in digits. */
function boundedIntParam(field: string, min: number, max: number) {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return z.optional(
    z.pipe(
      text(field).check(
        z.regex(/^\d{1,3}$/, { error: message }),
        z.refine((v: string) => Number(v) >= min && Number(v) <= max, { error: message }),
      ),
      z.transform((v: string) => Number(v)),
    ),
  );
}

function flagParam(field: string) {
  return z.optional(
    z.pipe(
      z.enum(['true', 'false'], { error: `${field} must be true or false` }),
      z.transform((v: 'true' | 'false') => v === 'true'),
    ),
  );
}

function trimmedParam(field: string, max: number) {
  return z.optional(
    z.pipe(
      text(field).check(z.maxLength(max, { error: `${field} must be at most ${max} characters` })),
      z.transform((v: string) => v.trim()),
    ),
  );
}

const LIST_PARAMS = [
  'q',
  'batch',
  'run',
  'new_in_batch',
  'query',
  'posted',
  'workplace',
  'easy_apply',
  'has_salary',
  'company',
  'state',
  'flag',
  'sort',
  'hide_reposts',
  'group',
  'grouped',
  'open',
  'min_fit',
  'cursor',
  'limit',
] as const;

const filterShape = {
  q: trimmedParam('q', JOB_SEARCH_MAX_LENGTH),
  batch: positiveIntParam('batch'),
  run: positiveIntParam('run'),
  /** Issue 32: only the jobs found by any run of this saved query (the Overview's searches). */
  query: positiveIntParam('query'),
  new_in_batch: positiveIntParam('new_in_batch'),
  posted: oneOfParam('posted', JOB_POSTED_WITHIN),
  workplace: listParam('workplace', JOB_WORKPLACES),
  easy_apply: flagParam('easy_apply'),
  has_salary: flagParam('has_salary'),
  company: trimmedParam('company', JOB_COMPANY_FILTER_MAX_LENGTH),
  state: listParam('state', JOB_STATES),
  /** Issue 17: only the jobs an enabled flag rule labels (the rule's id). */
  flag: positiveIntParam('flag'),
  sort: oneOfParam('sort', JOB_SORTS),
  /** Issue 17: leave out reposts of jobs already triaged (the earlier job is no longer new). */
  hide_reposts: flagParam('hide_reposts'),
  /** Issue 17: only the jobs of this group (the same role in several places). */
  group: z.optional(
    text('group').check(
      z.regex(JOB_GROUP_KEY_PATTERN, {
        error: 'group must be a group key as the list gives it (16 hex digits)',
      }),
    ),
  ),
  /**
   * Issue 17: true, one row per group (the Jobs screen asks for it); false, the default, every
   * job (issue 30). The export always lists every job (each location is its own job there),
   * whatever this says.
   */
  grouped: flagParam('grouped'),
  /** Issue 41: true, only the jobs not found closed ("Open only"); false, the default, every job. */
  open: flagParam('open'),
  /**
   * Issue 40: only the jobs whose fit is at least this (0–100; Strong 80, Good 60, Weak 40). Jobs
   * without a fit are left out when it is given.
   */
  min_fit: boundedIntParam('min_fit', FIT_SCORE_MIN, FIT_SCORE_MAX),
};

function unknownParams(keys: string[], known: readonly string[]): string {
  return `unknown ${keys.length === 1 ? 'parameter' : 'parameters'} ${keys.join(', ')}; known: ${known.join(', ')}`;
}

const LIMIT_MESSAGE = `limit must be an integer from 1 to ${JOBS_PAGE_MAX}`;

/** `GET /jobs`: the filters, the order, and the page. */
export const jobListQuerySchema = z.strictObject(
  {
    ...filterShape,
    cursor: z.optional(
      text('cursor').check(
        z.maxLength(JOB_CURSOR_MAX_LENGTH, {
          error: 'cursor is not one this server gave: load the list again without it',
        }),
      ),
    ),
    limit: z._default(
      z.pipe(
        text('limit').check(z.regex(/^\d{1,3}$/, { error: LIMIT_MESSAGE })),
        z.pipe(
          z.transform((v: string) => Number(v)),
          z
            .number()
            .check(
              z.gte(1, { error: LIMIT_MESSAGE }),
              z.lte(JOBS_PAGE_MAX, { error: LIMIT_MESSAGE }),
            ),
        ),
      ),
      JOBS_PAGE_DEFAULT,
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownParams(issue.keys, LIST_PARAMS)
        : 'Invalid query string',
  },
);
export type JobListQuery = z.output<typeof jobListQuerySchema>;

const exportShape = { ...filterShape, format: exportFormatParamSchema };

/** `GET /jobs/export`: the list's filters and order, without the page, and the file's format. */
export const jobExportQuerySchema = z.strictObject(exportShape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? unknownParams(issue.keys, Object.keys(exportShape))
      : 'Invalid query string',
});
export type JobExportQuery = z.output<typeof jobExportQuerySchema>;
export type JobFilterQuery = Omit<JobListQuery, 'cursor' | 'limit'>;

export const JOBS_EXPORT_FILE_NAME = 'jobs.xlsx';
