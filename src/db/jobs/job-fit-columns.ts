import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import { sqliteOf, type ConnectionLike } from '../connection';
import { jobDescriptionSql } from './job-descriptions';

// What the fit scorer reads of a job and the best fit it writes back on its row (issue 40,
// docs/decisions/063): jobs.fit_score and fit_profile_id serve the list's order and filter
// (jobs_fit); the scores themselves are src/db/fit's. Inside the caller's write.

/** A job as the scorer reads it: its card's fields, and its details once read. */
export interface JobFitText {
  id: string;
  title: string;
  company: string;
  location: string;
  workplace: 'remote' | 'hybrid' | 'on-site' | null;
  salary: string | null;
  seniority: string | null;
  employmentType: string | null;
  description: string | null;
  /** Its details page was read: its scores are from the details, not the card. */
  described: boolean;
}

/** The job's fit columns as they stand, and whether its details were read. */
export interface JobFitColumnsRow {
  id: string;
  described: boolean;
  fitScore: number | null;
  fitProfileId: number | null;
}

const textRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  company_name: z.string(),
  location: z.string(),
  workplace: z.enum(['remote', 'hybrid', 'on-site']).nullable(),
  salary: z.string().nullable(),
  seniority: z.string().nullable(),
  employment_type: z.string().nullable(),
  description: z.string().nullable(),
  described: z.number(),
});

const columnsRowSchema = z.object({
  id: z.string(),
  described: z.number(),
  fit_score: z.number().nullable(),
  fit_profile_id: z.number().nullable(),
});

const IDS = 'SELECT value FROM json_each(?)';

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    texts: p(
      `SELECT j.id, j.title, j.company_name, j.location, j.workplace, j.salary, j.seniority,
              j.employment_type, ${jobDescriptionSql('description')} AS description,
              (j.details_fetched_at IS NOT NULL) AS described
       FROM jobs j WHERE j.id IN (${IDS})`,
    ),
    columns: p(
      `SELECT j.id, (j.details_fetched_at IS NOT NULL) AS described, j.fit_score, j.fit_profile_id
       FROM jobs j WHERE j.id IN (${IDS})`,
    ),
    setBest: p('UPDATE jobs SET fit_score = @score, fit_profile_id = @profileId WHERE id = @id'),
  };
}

export class JobFitColumns {
  private readonly s;

  constructor(connection: ConnectionLike) {
    this.s = prepare(sqliteOf(connection));
  }

  /** The stored jobs among `ids`, as the scorer reads them. */
  texts(ids: readonly string[]): Map<string, JobFitText> {
    const byId = new Map<string, JobFitText>();
    if (ids.length === 0) return byId;
    for (const raw of this.s.texts.all(JSON.stringify(ids))) {
      const row = textRowSchema.parse(raw);
      byId.set(row.id, {
        id: row.id,
        title: row.title,
        company: row.company_name,
        location: row.location,
        workplace: row.workplace,
        salary: row.salary,
        seniority: row.seniority,
        employmentType: row.employment_type,
        description: row.description,
        described: row.described === 1,
      });
    }
    return byId;
  }

  /** The stored jobs among `ids` with their fit columns. */
  columns(ids: readonly string[]): JobFitColumnsRow[] {
    if (ids.length === 0) return [];
    return this.s.columns.all(JSON.stringify(ids)).map((raw) => {
      const row = columnsRowSchema.parse(raw);
      return {
        id: row.id,
        described: row.described === 1,
        fitScore: row.fit_score,
        fitProfileId: row.fit_profile_id,
      };
    });
  }

  /** The job's best fit and its profile; both null when it has none. */
  setBest(id: string, score: number | null, profileId: number | null): void {
    this.s.setBest.run({ id, score, profileId });
  }
}
