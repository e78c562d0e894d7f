import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import { APPLICATION_STAGES, type JobFoundBy, type JobListItem } from '../../contract';
import { isoOrNull } from '../times';
import { FIT_SUMMARY_COLUMNS, fitSummaryOf, fitSummaryRowShape } from '../fit/fit-summary';

// The Jobs screen's reads and writes (job-list.ts, job-ranking.ts, job-detail.ts, job-states.ts),
// as synchronous better-sqlite3 statements on the server's connection: each is one short indexed
// query (docs/decisions/014), and the runner writes through the same connection, so a read never
// waits on a lock. Here, what the list and one job share: a job's row and the runs that found it.

// The stage of the job's application while it is on the board (issue 39): one lookup by the
// applications' primary key per row of a page, never a scan (`left_at` set = taken off by triage).
export const LIST_COLUMNS = `j.id, j.title, j.company_name, j.company_id, j.location, j.posted_at, j.salary,
  j.easy_apply, j.applicants, j.workplace, j.state, j.first_seen_at, j.url, j.closed_at, j.apply_url,
  (SELECT a.stage FROM applications a WHERE a.job_id = j.id AND a.left_at IS NULL) AS pipeline_stage,
  ${FIT_SUMMARY_COLUMNS}`;

export const listRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  company_name: z.string(),
  company_id: z.number().nullable(),
  location: z.string(),
  posted_at: z.string().nullable(),
  salary: z.string().nullable(),
  easy_apply: z.number().nullable(),
  applicants: z.string().nullable(),
  workplace: z.string().nullable(),
  state: z.enum(['new', 'seen', 'saved', 'applied', 'hidden']),
  first_seen_at: z.number(),
  url: z.string(),
  pipeline_stage: z.enum(APPLICATION_STAGES).nullable(),
  closed_at: z.number().nullable(),
  apply_url: z.string().nullable(),
  ...fitSummaryRowShape,
});
export type ListRow = z.infer<typeof listRowSchema>;

const foundByRowSchema = z.object({
  job_id: z.string(),
  run_id: z.number(),
  batch_id: z.number(),
  query_id: z.number(),
  search_term: z.string(),
  search_location: z.string(),
});

const emptyToNull = (text: string): string | null => (text.trim() === '' ? null : text);

/** A job's row as the list shows it, before its reposts, group and rules' marks are filled in. */
export function toListItem(row: ListRow, searchTerms: string[]): JobListItem {
  return {
    id: Number(row.id),
    title: row.title,
    company_name: emptyToNull(row.company_name),
    company_id: row.company_id,
    location: emptyToNull(row.location),
    posted_at: row.posted_at,
    salary: row.salary,
    easy_apply: row.easy_apply === 1,
    applicants: row.applicants,
    workplace: row.workplace,
    search_terms: searchTerms,
    state: row.state,
    first_seen_at: new Date(row.first_seen_at).toISOString(),
    url: row.url,
    repost: null,
    group: null,
    flags: [],
    hidden_by_rule: null,
    muted_by_rule: null,
    pipeline_stage: row.pipeline_stage,
    closed_at: isoOrNull(row.closed_at),
    apply_url: row.apply_url,
    fit: fitSummaryOf(row),
  };
}

/** Each search term once, in the order the runs found the job. */
export function searchTerms(foundBy: readonly JobFoundBy[]): string[] {
  return Array.from(new Set(foundBy.map((f) => f.search_term)));
}

/** The runs that found each of a few jobs, in run order. */
export class JobFoundByReader {
  private readonly statement: SQLite.Statement;

  constructor(sqlite: SQLite.Database) {
    this.statement = sqlite.prepare(
      `SELECT l.job_id, r.id AS run_id, r.batch_id, r.query_id, r.job_title AS search_term,
              r.location AS search_location
       FROM query_run_jobs l JOIN query_runs r ON r.id = l.query_run_id
       WHERE l.job_id IN (SELECT value FROM json_each(?))
       ORDER BY l.query_run_id`,
    );
  }

  read(ids: readonly string[]): Map<string, JobFoundBy[]> {
    const byJob = new Map<string, JobFoundBy[]>();
    if (ids.length === 0) return byJob;
    for (const raw of this.statement.all(JSON.stringify(ids))) {
      const row = foundByRowSchema.parse(raw);
      const list = byJob.get(row.job_id) ?? [];
      list.push({
        run_id: row.run_id,
        batch_id: row.batch_id,
        query_id: row.query_id,
        search_term: row.search_term,
        search_location: row.search_location,
      });
      byJob.set(row.job_id, list);
    }
    return byJob;
  }
}
