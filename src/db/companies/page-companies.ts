import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';

// Issue 41 (docs/decisions/062): a company id a job's own page gave. `companies` learns the id with
// the company's slug, so the cards of that slug take the id as they are stored
// (src/db/jobs/stored-cards.ts), and a blocked company still unnamed gets the job's name. Prepared
// statements: the runner writes them inside the details' synchronous transactions.

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    // A name the product already holds for the id (the site's lookup) is kept; the slug is the
    // page's, and the row changes only when the slug does.
    remember: p(
      `INSERT INTO companies (id, name, normalized_name, slug, updated_at)
       SELECT @companyId, j.company_name, j.company_normalized, j.company_slug, @now FROM jobs j
       WHERE j.id = @id AND j.company_normalized <> ''
       ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, updated_at = excluded.updated_at
         WHERE excluded.slug IS NOT NULL AND companies.slug IS NOT excluded.slug`,
    ),
    nameBlocked: p(
      `UPDATE banned_companies SET normalized_name = (SELECT j.company_normalized FROM jobs j WHERE j.id = @id)
       WHERE id = @companyId AND normalized_name = ''
         AND (SELECT j.company_normalized FROM jobs j WHERE j.id = @id) <> ''`,
    ),
  };
}

export class PageCompanies {
  private readonly s;

  constructor(connection: ConnectionLike) {
    this.s = prepare(sqliteOf(connection));
  }

  /** The id job `jobId`'s page gave its company: remembered with the job's slug and name. */
  learn(jobId: string, companyId: number, now: number): void {
    const params = { id: jobId, companyId, now };
    this.s.remember.run(params);
    this.s.nameBlocked.run(params);
  }
}
