import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';

// Company ids by name as the runner learns them from the site (src/runner/company-ids.ts):
// `company_id_lookups` holds every answer, negative ones included, and `companies` the id ↔ name
// pairs found, which blocking reads to name a company. Synchronous prepared statements: the
// runner's batch works inside better-sqlite3's transactions.

const lookupSchema = z.object({ company_id: z.number().nullable(), looked_up_at: z.number() });

/** A stored answer: the company's id, or null for "no such company", and when it was asked. */
export type CompanyIdLookup = z.infer<typeof lookupSchema>;

/** The company the site named for a name, as `companies` stores it. */
export interface LookedUpCompanyName {
  id: number;
  name: string;
  normalizedName: string;
}

export interface CompanyIdLookups {
  /** The stored answer for a normalised name, undefined when it was never asked. */
  find(normalized: string): CompanyIdLookup | undefined;
  /**
   * Stores the answer for a normalised name (`companyId` null: the site has no such company) and,
   * when one was found, its id ↔ name pair, in one transaction.
   */
  remember(
    normalized: string,
    companyId: number | null,
    company: LookedUpCompanyName | null,
    now: number,
  ): void;
}

export function createCompanyIdLookups(connection: ConnectionLike): CompanyIdLookups {
  const sqlite = sqliteOf(connection);
  const get = sqlite.prepare(
    'SELECT company_id, looked_up_at FROM company_id_lookups WHERE normalized_name = ?',
  );
  const put = sqlite.prepare(
    `INSERT INTO company_id_lookups (normalized_name, company_id, looked_up_at) VALUES (?, ?, ?)
     ON CONFLICT (normalized_name) DO UPDATE SET company_id = excluded.company_id, looked_up_at = excluded.looked_up_at`,
  );
  const putCompany = sqlite.prepare(
    `INSERT INTO companies (id, name, normalized_name, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, normalized_name = excluded.normalized_name,
       updated_at = excluded.updated_at`,
  );
  return {
    find(normalized) {
      const raw: unknown = get.get(normalized);
      return raw === undefined ? undefined : lookupSchema.parse(raw);
    },
    remember(normalized, companyId, company, now) {
      sqlite.transaction(() => {
        put.run(normalized, companyId, now);
        if (company) putCompany.run(company.id, company.name, company.normalizedName, now);
      })();
    },
  };
}
