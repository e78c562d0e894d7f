import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import { sqliteOf, type ConnectionLike } from '../connection';

// A job's details as the runner (or the panel's "fetch details now") stores them (decision 052:
// prepared, inside the details' synchronous transactions).

/** The row's part of a job's details. */
export interface DetailsRow {
  id: string;
  seniority: string | null;
  employmentType: string | null;
  jobFunction: string | null;
  industries: string | null;
  applicants: string | null;
  /** The applicants caption as a number (src/contract/salary-figures.ts). */
  applicantsCount: number | null;
  salary: string | null;
  /** `salary` as one yearly figure, taken only by a job without a salary yet, as `salary` is. */
  salaryCurrency: string | null;
  salaryYearly: number | null;
  slug: string | null;
  now: number;
  /** The description's signature for repost detection (null for a job without a key). */
  signature: Buffer | null;
}

/**
 * What a read of the job's page says of it as it is now (issue 41, docs/decisions/062): written by
 * the details step with the rest, and alone by a re-check of a job whose details are stored.
 */
export interface JobFactsRow {
  id: string;
  closed: 0 | 1;
  easyApply: 0 | 1;
  /** The employer's address (http(s) only); null when the page gave none. */
  applyUrl: string | null;
  /** The company's numeric id as the page gave it. */
  companyId: number | null;
  now: number;
}

// A closed page shows no apply button nor address: it keeps what an open one said. closed_at
// keeps the first time a page was found closed; a page found open again clears it. A page read
// is not gone: a re-check's strike for a 404 goes (decision 065).
const SAVE_FACTS_SQL = `UPDATE jobs SET
    closed_at = CASE WHEN @closed = 1 THEN COALESCE(closed_at, @now) ELSE NULL END,
    easy_apply = CASE WHEN @closed = 1 THEN COALESCE(easy_apply, @easyApply) ELSE @easyApply END,
    apply_url = CASE WHEN @closed = 1 THEN COALESCE(@applyUrl, apply_url) ELSE @applyUrl END,
    page_company_id = COALESCE(@companyId, page_company_id),
    company_id = COALESCE(@companyId, company_id),
    last_checked_at = @now,
    recheck_gone_at = NULL
  WHERE id = @id`;

// The company's other jobs (its slug, and its name's index to find them) take the id a page gave,
// unless their own page gave another.
const FOLLOW_COMPANY_SQL = `UPDATE jobs SET company_id = @companyId
  WHERE company_normalized = (SELECT s.company_normalized FROM jobs s WHERE s.id = @id)
    AND company_slug = (SELECT s.company_slug FROM jobs s WHERE s.id = @id)
    AND page_company_id IS NULL AND company_id IS NOT @companyId`;

const closedAtSchema = z.object({ closed_at: z.number().nullable() });

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    saveDetails: p(
      `UPDATE jobs SET seniority = @seniority, employment_type = @employmentType, job_function = @jobFunction,
         industries = @industries, applicants = @applicants, applicants_count = @applicantsCount,
         salary = COALESCE(salary, @salary),
         salary_currency = CASE WHEN salary IS NULL THEN @salaryCurrency ELSE salary_currency END,
         salary_yearly = CASE WHEN salary IS NULL THEN @salaryYearly ELSE salary_yearly END,
         company_slug = COALESCE(company_slug, @slug),
         details_fetched_at = @now, details_error = NULL, details_error_batch_id = NULL,
         description_minhash = @signature
       WHERE id = @id`,
    ),
    // Apart from the row (docs/decisions/044), and only for a job that is stored, as the
    // row's update above.
    saveDescription: p(
      `INSERT INTO job_descriptions (job_id, description, description_html)
       SELECT @id, @description, @descriptionHtml WHERE EXISTS (SELECT 1 FROM jobs WHERE id = @id)
       ON CONFLICT (job_id) DO UPDATE SET description = excluded.description,
         description_html = excluded.description_html`,
    ),
    closedAt: p('SELECT closed_at FROM jobs WHERE id = ?'),
    saveFacts: p(SAVE_FACTS_SQL),
    followCompany: p(FOLLOW_COMPANY_SQL),
    saveDetailsError: p(
      'UPDATE jobs SET details_error = @error, details_error_batch_id = @batch WHERE id = @id',
    ),
  };
}

export class StoredDetails {
  private readonly s;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.s = prepare(sqlite);
  }

  save(row: DetailsRow): void {
    this.s.saveDetails.run(row);
  }

  /**
   * The facts a read of the page gave (JobFactsRow), the company's id passed on to its other jobs;
   * answers whether this read found the job closed for the first time.
   */
  saveFacts(row: JobFactsRow): { newlyClosed: boolean } {
    const before: unknown = this.s.closedAt.get(row.id);
    if (before === undefined) return { newlyClosed: false };
    this.s.saveFacts.run(row);
    if (row.companyId !== null) this.s.followCompany.run({ id: row.id, companyId: row.companyId });
    return { newlyClosed: row.closed === 1 && closedAtSchema.parse(before).closed_at === null };
  }

  /** The description apart from the row; only for a stored job. */
  saveDescription(jobId: string, description: string | null, descriptionHtml: string | null) {
    this.s.saveDescription.run({ id: jobId, description, descriptionHtml });
  }

  /** A job whose details could not be had (removed, unparseable): not asked again by this batch. */
  saveError(jobId: string, error: string, batchId: number): void {
    this.s.saveDetailsError.run({ id: jobId, error, batch: batchId });
  }
}
