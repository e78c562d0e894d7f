import { z } from 'zod';
import {
  APPLICATION_EVENT_SOURCES,
  APPLICATION_STAGES,
  type Application,
  type ApplicationContact,
  type ApplicationEvent,
} from '../../contract';
import { FIT_SUMMARY_COLUMNS, fitSummaryOf, fitSummaryRowShape } from '../fit/fit-summary';

// The rows of the pipeline's tables as SQLite answers them, and their API form (times as ISO
// text, job ids as numbers: jobs.id is TEXT in SQLite).

/** An application with the job's columns the board shows: one statement joins them. */
export const APPLICATION_COLUMNS = `a.job_id, a.stage, a.stage_since, a.created_at, a.updated_at,
  a.notes, a.reference, a.salary_asked, a.salary_offered, a.next_step_at, a.next_step_what,
  j.title, j.company_name, j.company_id, j.location, j.url, j.first_query_id AS query_id,
  j.closed_at, j.apply_url,
  (SELECT COUNT(*) FROM application_contacts c WHERE c.job_id = a.job_id) AS contacts_count,
  ${FIT_SUMMARY_COLUMNS}`;

const stageSchema = z.enum(APPLICATION_STAGES);

export const applicationRowSchema = z.object({
  job_id: z.string(),
  stage: stageSchema,
  stage_since: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
  notes: z.string(),
  reference: z.string().nullable(),
  salary_asked: z.string().nullable(),
  salary_offered: z.string().nullable(),
  next_step_at: z.number().nullable(),
  next_step_what: z.string().nullable(),
  title: z.string(),
  company_name: z.string(),
  company_id: z.number().nullable(),
  location: z.string(),
  url: z.string(),
  query_id: z.number().nullable(),
  contacts_count: z.number(),
  closed_at: z.number().nullable(),
  apply_url: z.string().nullable(),
  ...fitSummaryRowShape,
});
export type ApplicationRow = z.infer<typeof applicationRowSchema>;

/** The history's columns, the step a move ended included. */
export const EVENT_COLUMNS = 'id, stage, at, recorded_at, source, ended_step_at, ended_step_what';

export const eventRowSchema = z.object({
  id: z.number(),
  stage: stageSchema,
  at: z.number(),
  recorded_at: z.number(),
  source: z.enum(APPLICATION_EVENT_SOURCES),
  ended_step_at: z.number().nullable(),
  ended_step_what: z.string().nullable(),
});

export const contactRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  url: z.string().nullable(),
});

/** Where an application is: its stage, and whether Jobs triage took it off the board. */
export const placeRowSchema = z.object({ stage: stageSchema, left_at: z.number().nullable() });
export type ApplicationPlace = z.infer<typeof placeRowSchema>;

const iso = (ms: number) => new Date(ms).toISOString();

export function toApplication(row: ApplicationRow): Application {
  return {
    job_id: Number(row.job_id),
    title: row.title,
    company_name: row.company_name,
    company_id: row.company_id,
    location: row.location,
    url: row.url,
    query_id: row.query_id,
    stage: row.stage,
    stage_since: iso(row.stage_since),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    next_step:
      row.next_step_at === null || row.next_step_what === null
        ? null
        : { at: iso(row.next_step_at), what: row.next_step_what },
    reference: row.reference,
    salary_asked: row.salary_asked,
    salary_offered: row.salary_offered,
    notes: row.notes,
    contacts_count: row.contacts_count,
    fit: fitSummaryOf(row),
    closed_at: row.closed_at === null ? null : iso(row.closed_at),
    apply_url: row.apply_url,
  };
}

export function toEvent(raw: unknown): ApplicationEvent {
  const { ended_step_at: endedAt, ended_step_what: endedWhat, ...row } = eventRowSchema.parse(raw);
  return {
    ...row,
    at: iso(row.at),
    recorded_at: iso(row.recorded_at),
    ended_next_step:
      endedAt === null || endedWhat === null ? null : { at: iso(endedAt), what: endedWhat },
  };
}

export function toContact(raw: unknown): ApplicationContact {
  return contactRowSchema.parse(raw);
}
