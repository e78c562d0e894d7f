import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import { BLOCKED_JOB_SQL } from '../companies/blocked-jobs';

// The jobs as the runner stores them from search cards and picks them for details (decision 052:
// prepared, inside the runner's synchronous page transactions). Reads join the batch's runs and
// their links (searches) and the blocked companies, which the answer needs in one statement.

/** The jobs linked to any run of the batch `@batch` (from its runs, so only its links are read). */
const BATCH_JOBS_SQL = `FROM query_runs r JOIN query_run_jobs l ON l.query_run_id = r.id JOIN jobs j ON j.id = l.job_id
  WHERE r.batch_id = @batch`;

// Jobs without details, not blocked, and not already tried by this batch: a failure recorded
// by an earlier batch is tried again.
// Issue 17: nor a job hidden on its card (by a rule or the operator): its details cost a
// request and are fetched on demand (POST /jobs/{id}/details, docs/decisions/036). A repost
// hidden because its earlier job was is fetched all the same: only its description tells it
// from a look-alike, which would otherwise stay hidden (docs/decisions/035 has the figures).
const PENDING_DETAILS_SQL = `${BATCH_JOBS_SQL} AND j.details_fetched_at IS NULL
  AND (j.details_error IS NULL OR j.details_error_batch_id IS NOT @batch) AND NOT ${BLOCKED_JOB_SQL}
  AND (j.state <> 'hidden' OR j.repost_carried = 'hidden')`;

const idRowSchema = z.object({ id: z.union([z.number(), z.string()]) });
const countSchema = z.object({ n: z.number() });
const companyRowSchema = z.object({ company_normalized: z.string(), company_name: z.string() });

/** A search card's row, as the store writes it. */
export interface CardRow {
  id: string;
  title: string;
  company: string;
  slug: string | null;
  normalized: string;
  location: string;
  posted: string | null;
  salary: string | null;
  url: string;
  batch: number;
  now: number;
  /** The site's workplace when the search filtered on one; wins over the text's. */
  siteWorkplace: string | null;
  textWorkplace: string | null;
  repostKey: string | null;
  roleKey: string | null;
  groupKey: string | null;
  /** The saved query whose run stores the job (issue 32: the Overview counts it under it). */
  queryId: number;
  /** `now`'s day in the server's zone. */
  day: string;
  /** The salary text as one yearly figure (src/contract/salary-figures.ts). */
  salaryCurrency: string | null;
  salaryYearly: number | null;
}

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    // A job seen again keeps everything from its first sighting (its first query and day
    // included) but the time and, when this search filtered on it, the site's own workplace.
    // Issue 41: a new job's company takes the id a page of that slug gave (src/db/companies/).
    insertJob: p(
      `INSERT INTO jobs (id, title, company_name, company_slug, company_normalized, location, posted_at, salary, url,
                         first_seen_batch_id, first_seen_at, last_seen_at, workplace, repost_key, role_key, group_key,
                         first_query_id, first_seen_day, salary_currency, salary_yearly, company_id)
       VALUES (@id, @title, @company, @slug, @normalized, @location, @posted, @salary, @url, @batch, @now, @now,
               COALESCE(@siteWorkplace, @textWorkplace), @repostKey, @roleKey, @groupKey,
               @queryId, @day, @salaryCurrency, @salaryYearly,
               (SELECT c.id FROM companies c WHERE c.slug = @slug ORDER BY c.updated_at DESC LIMIT 1))
       ON CONFLICT (id) DO UPDATE SET last_seen_at = MAX(last_seen_at, excluded.last_seen_at),
         workplace = COALESCE(@siteWorkplace, workplace)`,
    ),
    unresolvedCompanies: p(
      `SELECT j.company_normalized, MIN(j.company_name) AS company_name ${BATCH_JOBS_SQL}
         AND j.company_id IS NULL AND j.company_normalized <> ''
         AND NOT EXISTS (SELECT 1 FROM company_id_lookups c WHERE c.normalized_name = j.company_normalized
                         AND c.company_id IS NULL AND c.looked_up_at > @staleBefore)
       GROUP BY j.company_normalized ORDER BY j.company_normalized`,
    ),
    setCompanyId: p(
      'UPDATE jobs SET company_id = ? WHERE company_normalized = ? AND company_id IS NULL',
    ),
    pendingCount: p(`SELECT COUNT(DISTINCT j.id) AS n ${PENDING_DETAILS_SQL}`),
    pendingIds: p(`SELECT DISTINCT j.id ${PENDING_DETAILS_SQL} ORDER BY j.id LIMIT @limit`),
  };
}

/** The jobs a batch's cards store, and those of its jobs that still want an id or details. */
export class StoredCards {
  private readonly s;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.s = prepare(sqlite);
  }

  /** Stores a card's job, or refreshes a known one's last sighting (and the site's workplace). */
  save(row: CardRow): void {
    this.s.insertJob.run(row);
  }

  /**
   * Companies of the batch's jobs whose numeric id is not known yet, skipping names the site
   * recently had no exact match for (negative answers are re-asked after a while).
   */
  unresolvedCompanies(
    batchId: number,
    staleBefore: number,
  ): Array<{ normalized: string; name: string }> {
    return this.s.unresolvedCompanies
      .all({ batch: batchId, staleBefore })
      .map((r) => companyRowSchema.parse(r))
      .map((r) => ({ normalized: r.company_normalized, name: r.company_name }));
  }

  /** The company's id on every job of that name that has none yet. */
  setCompanyId(normalized: string, companyId: number): void {
    this.s.setCompanyId.run(companyId, normalized);
  }

  /** Jobs of the batch without details yet whose company is not blocked. */
  pendingDetailsCount(batchId: number): number {
    return countSchema.parse(this.s.pendingCount.get({ batch: batchId })).n;
  }

  pendingDetailIds(batchId: number, limit: number): string[] {
    return this.s.pendingIds
      .all({ batch: batchId, limit })
      .map((r) => String(idRowSchema.parse(r).id));
  }
}
