import type SQLite from 'better-sqlite3';
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
  easyApply: 0 | 1;
  salary: string | null;
  /** `salary` as one yearly figure, taken only by a job without a salary yet, as `salary` is. */
  salaryCurrency: string | null;
  salaryYearly: number | null;
  slug: string | null;
  now: number;
  /** The description's signature for repost detection (null for a job without a key). */
  signature: Buffer | null;
}

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    saveDetails: p(
      `UPDATE jobs SET seniority = @seniority, employment_type = @employmentType, job_function = @jobFunction,
         industries = @industries, applicants = @applicants, applicants_count = @applicantsCount,
         easy_apply = @easyApply, salary = COALESCE(salary, @salary),
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

  /** The description apart from the row; only for a stored job. */
  saveDescription(jobId: string, description: string | null, descriptionHtml: string | null) {
    this.s.saveDescription.run({ id: jobId, description, descriptionHtml });
  }

  /** A job whose details could not be had (removed, unparseable): not asked again by this batch. */
  saveError(jobId: string, error: string, batchId: number): void {
    this.s.saveDetailsError.run({ id: jobId, error, batch: batchId });
  }
}
