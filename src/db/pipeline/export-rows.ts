import { z } from 'zod';
import { normalizeCompanyName } from '../../contract/company-name';
import { APPLICATION_STAGES, type ApplicationListQuery } from '../../contract/pipeline';
import SQLite from '../sqlite-driver';

// The rows of the pipeline's export (issue 33), read one at a time on a read-only connection of
// their own, as the jobs' exports read theirs (src/db/jobs/export-rows.ts): a download paced by a
// slow client must not hold the server's main connection, and the reader sees one snapshot from
// the first row to the last. Each row carries its stage dates and contacts, gathered by SQLite as
// JSON, so an application is one row and the stream never buffers a second query's answers.

const stageSchema = z.enum(APPLICATION_STAGES);

const contactSchema = z.object({
  name: z.string(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  url: z.string().nullable(),
});
export type PipelineExportContact = z.infer<typeof contactSchema>;

/** JSON text SQLite built, parsed and checked: a malformed value is a bug, not user input. */
const jsonOf = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text): z.infer<T> => schema.parse(JSON.parse(text)));

const pipelineExportRowSchema = z.object({
  job_id: z.string(),
  title: z.string(),
  company_name: z.string(),
  location: z.string(),
  url: z.string(),
  stage: stageSchema,
  stage_since: z.number(),
  /** The latest `at` of each stage the history holds (ms). */
  stage_dates: jsonOf(z.partialRecord(stageSchema, z.number())),
  next_step_at: z.number().nullable(),
  next_step_what: z.string().nullable(),
  reference: z.string().nullable(),
  salary_asked: z.string().nullable(),
  salary_offered: z.string().nullable(),
  notes: z.string(),
  contacts: jsonOf(z.array(contactSchema)),
  /** Issue 41: when the job's page was first found closed, and the employer's address. */
  closed_at: z.number().nullable(),
  apply_url: z.string().nullable(),
  /** Issue 40: the job's best fit. */
  fit_score: z.number().nullable(),
});
/** An application as the export reads it; the server makes it a sheet row and an NDJSON line. */
export type PipelineExportRow = z.infer<typeof pipelineExportRowSchema>;

/** Board order: the open stages, then the outcomes. */
const STAGE_ORDER_SQL = `CASE a.stage ${APPLICATION_STAGES.map((s, i) => `WHEN '${s}' THEN ${i}`).join(' ')} END`;

export interface ApplicationFilterSql {
  /** Conditions on `a` (applications) and `j` (jobs), to be joined with AND. */
  where: string[];
  params: Record<string, string | number>;
}

/**
 * The filters of `GET /applications` and its export as SQL on `applications a JOIN jobs j`: the
 * applications on the board (not taken off it by triage), in the stages asked, of jobs a saved
 * query found first, of companies whose name holds the text (compared as the Jobs list compares
 * company names: case, spacing and legal suffixes folded).
 */
export function applicationFilterSql(filters: ApplicationListQuery): ApplicationFilterSql {
  const where = ['a.left_at IS NULL'];
  const params: Record<string, string | number> = {};
  if (filters.stage !== undefined && filters.stage.length > 0) {
    // The stages were checked against APPLICATION_STAGES: safe to write as literals.
    where.push(`a.stage IN (${filters.stage.map((s) => `'${s}'`).join(', ')})`);
  }
  if (filters.query !== undefined) {
    where.push('j.first_query_id = @query');
    params.query = filters.query;
  }
  const company = filters.company ? normalizeCompanyName(filters.company) : '';
  if (company !== '') {
    where.push('instr(j.company_normalized, @company) > 0');
    params.company = company;
  }
  return { where, params };
}

function exportSql(where: readonly string[]): string {
  return `
    SELECT a.job_id, j.title, j.company_name, j.location, j.url, a.stage, a.stage_since,
      (SELECT json_group_object(stage, at) FROM (
         SELECT e.stage, MAX(e.at) AS at FROM application_events e
         WHERE e.job_id = a.job_id GROUP BY e.stage)) AS stage_dates,
      a.next_step_at, a.next_step_what, a.reference, a.salary_asked, a.salary_offered, a.notes,
      (SELECT json_group_array(json_object('name', c.name, 'role', c.role, 'email', c.email,
                                           'url', c.url)) FROM (
         SELECT name, role, email, url FROM application_contacts
         WHERE job_id = a.job_id ORDER BY id) c) AS contacts,
      j.closed_at, j.apply_url, j.fit_score
    FROM applications a
    JOIN jobs j ON j.id = a.job_id
    WHERE ${where.join(' AND ')}
    ORDER BY ${STAGE_ORDER_SQL}, a.stage_since DESC, a.job_id`;
}

/**
 * The applications of `GET /applications/export` with `filters`, in board order (stage, then the
 * latest arrivals first), on a read-only connection of their own that closes with the iteration.
 */
export function* pipelineExportRows(
  databaseFile: string,
  filters: ApplicationListQuery,
): Generator<PipelineExportRow> {
  const { where, params } = applicationFilterSql(filters);
  const reader = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    reader.pragma('busy_timeout = 5000');
    // for…of closes the iterator (and so the statement) when the consumer stops early.
    for (const raw of reader.prepare(exportSql(where)).iterate(params)) {
      yield pipelineExportRowSchema.parse(raw);
    }
  } finally {
    reader.close();
  }
}
