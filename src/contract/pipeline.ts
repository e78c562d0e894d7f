import { z } from 'zod/mini';
import { dateTimeSchema, nullableDateTimeSchema, positiveInteger } from './common';
import { exportFormatParamSchema } from './export-formats';
import { jobFitSummarySchema } from './fit-api';
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type ApplicationStage,
} from './pipeline-stages';

export * from './pipeline-stages';

// The application pipeline (issue 33, docs/decisions/056): what happens to a job after the
// operator saved or applied to it. A job in the pipeline has one application, keyed by the job's
// id; its stage changes are kept as a dated history whose dates the operator may correct.

/**
 * The outcomes that close an application (Accepted closes it too, as a success). A move to one
 * ends the next step (kept in its history entry as `ended_next_step`), and a closed application
 * takes no next step until it is moved out again (docs/decisions/059).
 */
export const CLOSING_STAGES: readonly ApplicationStage[] = ['rejected', 'withdrawn', 'no_answer'];
export const isClosingStage = (stage: ApplicationStage): boolean => CLOSING_STAGES.includes(stage);
/** The funnel the Overview draws: how many applications reached each of these. */
export const FUNNEL_STAGES = ['applied', 'screening', 'interviewing', 'offer'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** The triage state a stage keeps on the job (`jobs.state`): saved for Saved, applied after. */
export function jobStateOfStage(stage: ApplicationStage): 'saved' | 'applied' {
  return stage === 'saved' ? 'saved' : 'applied';
}

/** Who recorded a stage change: the operator, Jobs triage, the product (No answer), migration 0020. */
export const APPLICATION_EVENT_SOURCES = ['operator', 'triage', 'product', 'migration'] as const;
export type ApplicationEventSource = (typeof APPLICATION_EVENT_SOURCES)[number];

/** Documented limits: longer text is refused with a 400, never cut. */
export const APPLICATION_NOTES_MAX = 20_000;
export const APPLICATION_REFERENCE_MAX = 2_000;
export const APPLICATION_SALARY_MAX = 100;
export const NEXT_STEP_WHAT_MAX = 200;
export const CONTACT_NAME_MAX = 200;
export const CONTACT_ROLE_MAX = 200;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_URL_MAX = 2_000;
export const CONTACTS_PER_APPLICATION_MAX = 20;
/** A date may be logged after the fact, never ahead of the server's clock by more than this. */
export const APPLICATION_DATE_FUTURE_SLACK_MS = 5 * 60_000;
export const PIPELINE_COMPANY_FILTER_MAX = 200;

export const applicationStageSchema = z.enum(APPLICATION_STAGES, {
  error: `stage must be one of ${APPLICATION_STAGES.join(', ')}`,
});

function dateTimeBody(name: string) {
  return z.iso.datetime({
    offset: true,
    error: `${name} must be an ISO 8601 date-time such as 2027-01-31T09:30:00Z`,
  });
}

function boundedText(name: string, max: number, options: { allowEmpty: boolean }) {
  const longest = z.maxLength(max, { error: `${name} must be at most ${max} characters` });
  const base = z.string({ error: `${name} must be a string` });
  return options.allowEmpty
    ? base.check(z.trim(), longest)
    : base.check(z.trim(), longest, z.minLength(1, { error: `${name} must not be empty` }));
}

/** An http(s) address; other schemes (javascript:, data:) are refused, not sanitised later. */
function webAddress(name: string, max: number) {
  return z
    .string({ error: `${name} must be a string` })
    .check(
      z.trim(),
      z.maxLength(max, { error: `${name} must be at most ${max} characters` }),
      z.refine(isWebAddress, { error: `${name} must be an http or https address` }),
    );
}

export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** What comes next and when: "phone screen" on 2027-02-03 at 10:00. */
export const nextStepSchema = z.object({
  at: dateTimeSchema,
  what: z.string(),
});
export type NextStep = z.infer<typeof nextStepSchema>;

export const nextStepBodySchema = z.strictObject(
  {
    at: dateTimeBody('next_step.at'),
    what: boundedText('next_step.what', NEXT_STEP_WHAT_MAX, { allowEmpty: false }),
  },
  { error: 'next_step must be {at, what} or null' },
);

export const applicationContactSchema = z.object({
  id: z.int(),
  name: z.string(),
  role: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** A profile or other page about the person (http or https). */
  url: z.nullable(z.string()),
});
export type ApplicationContact = z.infer<typeof applicationContactSchema>;

const contactFields = {
  name: boundedText('name', CONTACT_NAME_MAX, { allowEmpty: false }),
  role: z.optional(z.nullable(boundedText('role', CONTACT_ROLE_MAX, { allowEmpty: true }))),
  email: z.optional(
    z.nullable(
      z.string({ error: 'email must be a string' }).check(
        z.trim(),
        z.maxLength(CONTACT_EMAIL_MAX, {
          error: `email must be at most ${CONTACT_EMAIL_MAX} characters`,
        }),
        z.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
          error: 'email must be an email address such as ana@example.com',
        }),
      ),
    ),
  ),
  url: z.optional(
    z.nullable(
      z.union([z.literal(''), webAddress('url', CONTACT_URL_MAX)], {
        error: 'url must be an http or https address',
      }),
    ),
  ),
};

export const strictError = (fields: string) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' && issue.keys
    ? `Request body has unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.join(', ')}; send ${fields}`
    : `Request body must be ${fields}`;

/** POST /applications/{job_id}/contacts. Empty role, email or url is stored as none. */
export const contactCreateSchema = z.strictObject(contactFields, {
  error: strictError('{name, role?, email?, url?}'),
});
export type ContactCreate = z.infer<typeof contactCreateSchema>;

/** PATCH /applications/{job_id}/contacts/{contact_id}: any of the fields. */
export const contactUpdateSchema = z.strictObject(
  { ...contactFields, name: z.optional(contactFields.name) },
  { error: strictError('{name?, role?, email?, url?}') },
);
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;

/** One stage change: `at` is when it happened (editable), `recorded_at` when it was written. */
export const applicationEventSchema = z.object({
  id: z.int(),
  stage: applicationStageSchema,
  at: dateTimeSchema,
  recorded_at: dateTimeSchema,
  source: z.enum(APPLICATION_EVENT_SOURCES),
  /**
   * The next step this move ended, or null: a move to Rejected, Withdrawn or No answer ends it,
   * and so does a move sent with `next_step` (null or a new one). Undoing the move brings it
   * back. Optional for clients written before it (issue 39); this server always sends it.
   */
  ended_next_step: z.optional(z.nullable(nextStepSchema)),
});
export type ApplicationEvent = z.infer<typeof applicationEventSchema>;

/** An application as the board, the table and the exports list it. */
export const applicationSchema = z.object({
  job_id: z.int(),
  title: z.string(),
  company_name: z.string(),
  company_id: z.nullable(z.int()),
  location: z.string(),
  url: z.string(),
  /** The saved query whose run found the job first; null for jobs stored before migration 0018. */
  query_id: z.nullable(z.int()),
  stage: applicationStageSchema,
  /** When the application entered its stage: the `at` of its latest history entry. */
  stage_since: dateTimeSchema,
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
  next_step: z.nullable(nextStepSchema),
  reference: z.nullable(z.string()),
  salary_asked: z.nullable(z.string()),
  salary_offered: z.nullable(z.string()),
  notes: z.string(),
  contacts_count: z.int(),
  /**
   * Issue 40: the job's fit (its best score among its profiles; null when it has none), for the
   * board's cards. Always sent by this server; optional for the clients written before it.
   */
  fit: z.optional(z.nullable(jobFitSummarySchema)),
  /**
   * Issue 41: when the job's page was first found closed; null while open, or before its page
   * was read. For the board's cards and the application panel. Always sent by this server;
   * optional for the clients written before it.
   */
  closed_at: z.optional(z.nullable(dateTimeSchema)),
  /**
   * Issue 41: the employer's own apply address (http(s) only, LinkedIn's redirect removed); null
   * for Easy Apply and when the page gives none. Always sent by this server; optional for the
   * clients written before it.
   */
  apply_url: z.optional(z.nullable(z.string())),
});
export type Application = z.infer<typeof applicationSchema>;

/** GET /applications/{job_id}: the application with its history (oldest first) and contacts. */
export const applicationDetailSchema = z.object({
  ...applicationSchema.shape,
  history: z.array(applicationEventSchema),
  contacts: z.array(applicationContactSchema),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const applicationListSchema = z.object({ items: z.array(applicationSchema) });
export type ApplicationList = z.infer<typeof applicationListSchema>;

const optionalQueryText = (name: string, max: number) =>
  z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(max, { error: `${name} must be at most ${max} characters` })),
  );

/** GET /applications (and its export): every application, narrowed by any of these. */
export const applicationListQuerySchema = z.object({
  /** Stages, comma-separated: `stage=applied,screening`. */
  stage: z.optional(
    z.pipe(
      z.string(),
      z.transform((text, ctx) => {
        const stages = text
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '');
        for (const stage of stages)
          if (!(APPLICATION_STAGES as readonly string[]).includes(stage)) {
            ctx.issues.push({
              code: 'custom',
              input: text,
              message: `stage must be one or more of ${APPLICATION_STAGES.join(', ')}, comma-separated`,
            });
            return z.NEVER;
          }
        return stages.filter((s): s is ApplicationStage =>
          (APPLICATION_STAGES as readonly string[]).includes(s),
        );
      }),
    ),
  ),
  query: z.optional(
    z.coerce
      .number({ error: 'query must be a saved query id' })
      .check(
        z.refine(Number.isInteger, { error: 'query must be a saved query id' }),
        z.gt(0, { error: 'query must be a saved query id' }),
        z.lte(Number.MAX_SAFE_INTEGER, { error: 'query must be a saved query id' }),
      ),
  ),
  /** Part of the company's name (case, spacing and legal suffixes aside). */
  company: optionalQueryText('company', PIPELINE_COMPANY_FILTER_MAX),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

export const applicationExportQuerySchema = z.object({
  ...applicationListQuerySchema.shape,
  format: exportFormatParamSchema,
});

export const jobIdParamSchema = z.object({
  job_id: z.coerce
    .number({ error: 'job_id must be a positive integer' })
    .check(
      z.refine(Number.isInteger, { error: 'job_id must be a positive integer' }),
      z.gt(0, { error: 'job_id must be a positive integer' }),
      z.lte(Number.MAX_SAFE_INTEGER, { error: 'job_id must be a positive integer' }),
    ),
});

/** POST /applications: a job into the pipeline (Saved unless told; `at` defaults to now). */
export const applicationCreateSchema = z.strictObject(
  {
    job_id: positiveInteger('job_id must be a positive integer'),
    stage: z.optional(applicationStageSchema),
    at: z.optional(dateTimeBody('at')),
  },
  { error: strictError('{job_id, stage?, at?}') },
);
export type ApplicationCreate = z.infer<typeof applicationCreateSchema>;

/**
 * PATCH /applications/{job_id}. `stage` moves it (recorded in the history at `at`, now when left
 * out; `at` without `stage` is refused); a text sent empty or null clears it; `next_step: null`
 * clears the next step.
 */
export const applicationUpdateSchema = z.strictObject(
  {
    stage: z.optional(applicationStageSchema),
    at: z.optional(dateTimeBody('at')),
    notes: z.optional(
      z.nullable(
        z.string({ error: 'notes must be a string' }).check(
          z.maxLength(APPLICATION_NOTES_MAX, {
            error: `notes must be at most ${APPLICATION_NOTES_MAX} characters`,
          }),
        ),
      ),
    ),
    reference: z.optional(
      z.nullable(boundedText('reference', APPLICATION_REFERENCE_MAX, { allowEmpty: true })),
    ),
    salary_asked: z.optional(
      z.nullable(boundedText('salary_asked', APPLICATION_SALARY_MAX, { allowEmpty: true })),
    ),
    salary_offered: z.optional(
      z.nullable(boundedText('salary_offered', APPLICATION_SALARY_MAX, { allowEmpty: true })),
    ),
    next_step: z.optional(z.nullable(nextStepBodySchema)),
  },
  {
    error: strictError(
      '{stage?, at?, notes?, reference?, salary_asked?, salary_offered?, next_step?}',
    ),
  },
);
export type ApplicationUpdate = z.infer<typeof applicationUpdateSchema>;

/** DELETE /applications/{job_id} and DELETE /applications/{job_id}/contacts/{contact_id}. */
export const pipelineDeletedSchema = z.object({ success: z.literal(true) });

/**
 * DELETE /applications/{job_id}/history/{event_id} refusals: only the latest move is undone, never
 * the entry that started the application, nor the No answer rule's move (undone, the rule's days
 * would move it again at its next sweep: move it to another stage instead).
 */
export const UNDO_NOT_LATEST = 'Only the latest move can be undone';
export const UNDO_FIRST_ENTRY =
  'This entry started the application: remove the application from the pipeline instead';
export const UNDO_NO_ANSWER_RULE =
  'The No answer rule made this move and would make it again: move the application to another stage instead';
/** PATCH /applications/{job_id}: a next step on a closed application (or sent with a move that closes it). */
export const closedTakesNoNextStep = (stage: ApplicationStage): string =>
  `${APPLICATION_STAGE_LABELS[stage]} closes the application: it takes no next step (move it to another stage first)`;

/** PATCH /applications/{job_id}/history/{event_id}: correct when a change happened. */
export const applicationEventUpdateSchema = z.strictObject(
  { at: dateTimeBody('at') },
  { error: strictError('{at}') },
);

export const applicationEventParamSchema = z.object({
  ...jobIdParamSchema.shape,
  event_id: z.coerce
    .number({ error: 'event_id must be a positive integer' })
    .check(
      z.refine(Number.isInteger, { error: 'event_id must be a positive integer' }),
      z.gt(0, { error: 'event_id must be a positive integer' }),
    ),
});

export const applicationContactParamSchema = z.object({
  ...jobIdParamSchema.shape,
  contact_id: z.coerce
    .number({ error: 'contact_id must be a positive integer' })
    .check(
      z.refine(Number.isInteger, { error: 'contact_id must be a positive integer' }),
      z.gt(0, { error: 'contact_id must be a positive integer' }),
    ),
});

/** How long before a next step the reminder's lead message goes out. */
export const REMINDER_LEADS = ['none', '1h', '1d'] as const;
export type ReminderLead = (typeof REMINDER_LEADS)[number];
export const REMINDER_LEAD_MS: Readonly<Record<ReminderLead, number | null>> = {
  none: null,
  '1h': 3_600_000,
  '1d': 86_400_000,
};
export const NO_ANSWER_DAYS_DEFAULT = 30;
export const NO_ANSWER_DAYS_MAX = 365;

/** GET/PUT /pipeline/settings. `no_answer_days: null` turns No answer off. */
export const pipelineSettingsSchema = z.object({
  no_answer_days: z.nullable(z.int()),
  reminder_lead: z.enum(REMINDER_LEADS),
});
export type PipelineSettings = z.infer<typeof pipelineSettingsSchema>;
export const PIPELINE_SETTINGS_DEFAULT: PipelineSettings = {
  no_answer_days: NO_ANSWER_DAYS_DEFAULT,
  reminder_lead: '1h',
};

export const pipelineSettingsBodySchema = z.strictObject(
  {
    no_answer_days: z.nullable(
      z
        .number({
          error: `no_answer_days must be a whole number from 1 to ${NO_ANSWER_DAYS_MAX}, or null`,
        })
        .check(
          z.refine((n) => Number.isInteger(n) && n >= 1 && n <= NO_ANSWER_DAYS_MAX, {
            error: `no_answer_days must be a whole number from 1 to ${NO_ANSWER_DAYS_MAX}, or null`,
          }),
        ),
    ),
    reminder_lead: z.enum(REMINDER_LEADS, {
      error: `reminder_lead must be one of ${REMINDER_LEADS.join(', ')}`,
    }),
  },
  { error: strictError('{no_answer_days, reminder_lead}') },
);

/**
 * The calendar feed (an iCalendar subscription of upcoming next steps): one secret URL at a
 * time, read-only, the calendar only. Its token is answered once, when it is made.
 */
export const CALENDAR_FEED_TOKEN_PREFIX = 'jsc_';
export const CALENDAR_FEED_TOKEN_PATTERN = /^jsc_[A-Za-z0-9_-]{43}$/;
export const calendarFeedSchema = z.object({
  feed: z.nullable(z.object({ created_at: dateTimeSchema, last_used_at: nullableDateTimeSchema })),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedCreatedSchema = z.object({
  created_at: dateTimeSchema,
  last_used_at: nullableDateTimeSchema,
  /** The feed's whole address, secret included: shown once. */
  url: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/**
 * What the application panel reads of `GET /jobs/{id}` when its job's description is shown: the
 * description alone (sanitised on the server, as the Jobs panel shows it), asked for on demand.
 */
export const jobDescriptionPartSchema = z.object({ description_html: z.nullable(z.string()) });
export type JobDescriptionPart = z.infer<typeof jobDescriptionPartSchema>;

/** GET /overview/pipeline: the funnel and how long applications stay in each stage. */
export const overviewPipelineSchema = z.object({
  /** Applications that entered Applied in the range, and of those how many reached each stage. */
  funnel: z.array(z.object({ stage: z.enum(FUNNEL_STAGES), reached: z.int() })),
  /** Median and count of finished stays per stage (days, one decimal), over the range. */
  time_in_stage: z.array(
    z.object({
      stage: applicationStageSchema,
      median_days: z.nullable(z.number()),
      stays: z.int(),
    }),
  ),
  /** Applications now in each stage (filtered by query), the board's counts. */
  now: z.array(z.object({ stage: applicationStageSchema, applications: z.int() })),
});
export type OverviewPipeline = z.infer<typeof overviewPipelineSchema>;
