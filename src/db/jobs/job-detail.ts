import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import type { JobDetail } from '../../contract';
import { BLOCKED_JOB_SQL } from '../companies/blocked-jobs';
import { isoOrNull } from '../times';
import { JobFitReads } from '../fit/job-fit-reads';
import { jobDescriptionSql } from './job-descriptions';
import { JobRepostMarks } from './job-repost-marks';
import { JobFoundByReader, LIST_COLUMNS, listRowSchema, searchTerms, toListItem } from './job-rows';

// One job of the Jobs screen (`GET /jobs/{id}`): its row, its description, the runs that found
// it, its repost and group, and its repost chain. The rules' marks are filled in by the server.

const detailRowSchema = listRowSchema.extend({
  seniority: z.string().nullable(),
  employment_type: z.string().nullable(),
  job_function: z.string().nullable(),
  industries: z.string().nullable(),
  description_html: z.string().nullable(),
  last_seen_at: z.number(),
  company_blocked: z.number(),
  details_fetched_at: z.number().nullable(),
});

export class JobDetailReader {
  private readonly detail: SQLite.Statement;
  private readonly repostMarks: JobRepostMarks;
  private readonly foundBy: JobFoundByReader;
  private readonly fits: JobFitReads;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.fits = new JobFitReads(sqlite);
    this.repostMarks = new JobRepostMarks(sqlite);
    this.foundBy = new JobFoundByReader(sqlite);
    this.detail = sqlite.prepare(
      `SELECT ${LIST_COLUMNS}, j.seniority, j.employment_type, j.job_function, j.industries,
              ${jobDescriptionSql('description_html')} AS description_html,
              j.last_seen_at, j.details_fetched_at, ${BLOCKED_JOB_SQL} AS company_blocked
       FROM jobs j WHERE j.id = ?`,
    );
  }

  find(id: number): JobDetail | undefined {
    const raw: unknown = this.detail.get(String(id));
    if (raw === undefined) return undefined;
    const row = detailRowSchema.parse(raw);
    const foundBy = this.foundBy.read([row.id]).get(row.id) ?? [];
    const [item = toListItem(row, searchTerms(foundBy))] = this.repostMarks.fill([
      toListItem(row, searchTerms(foundBy)),
    ]);
    return {
      ...item,
      seniority: row.seniority,
      employment_type: row.employment_type,
      job_function: row.job_function,
      industries: row.industries,
      description_html: row.description_html,
      found_by: foundBy,
      last_seen_at: isoOrNull(Math.max(row.last_seen_at, row.first_seen_at)) ?? '',
      company_blocked: row.company_blocked === 1,
      repost_chain: this.repostMarks.chain(id),
      details_fetched: row.details_fetched_at !== null,
      fits: this.fits.of(row.id),
    };
  }
}
