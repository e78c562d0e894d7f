import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import { createCompanyResolver, normalizeCompanyName, type SiteClient } from '../scraper';

/** A name the site had no exact match for is asked again after this long (it may be added). */
export const NEGATIVE_LOOKUP_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const lookupSchema = z.object({ company_id: z.number().nullable(), looked_up_at: z.number() });

export interface CompanyIdCache {
  /** The cached id (number), a cached "no such company" (null), or undefined when not cached / stale. */
  cached(normalized: string, now: number): number | null | undefined;
  /** Resolves a company's numeric id from its name through the site, caching the answer. */
  resolve(name: string, now: number, signal?: AbortSignal): Promise<number | null>;
}

/**
 * Company ids by name, through the client's resolver (the COMPANY typeahead) with the
 * answers kept in SQLite: `company_id_lookups` holds every answer, negative ones included,
 * and `companies` the id ↔ name pairs found, which blocking reads to name a company.
 * Only an exact normalised-name match counts: the typeahead's first hit for an unknown
 * name is some other company, and taking its id would block or mislabel the wrong jobs.
 */
export function createCompanyIdCache(
  sqlite: SQLite.Database,
  site: Pick<SiteClient, 'searchCompanies' | 'getCompany'>,
): CompanyIdCache {
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
  // The resolver is given no cache of its own: this module is the cache. One per call, so
  // each carries the caller's abort signal.
  const resolverFor = (signal: AbortSignal | undefined) =>
    createCompanyResolver({
      searchCompanies: (query) => site.searchCompanies(query, { signal }),
      getCompany: (id, cookies) => site.getCompany(id, cookies, { signal }),
    });

  const cached = (normalized: string, now: number): number | null | undefined => {
    const raw: unknown = get.get(normalized);
    if (raw === undefined) return undefined;
    const row = lookupSchema.parse(raw);
    if (row.company_id === null && now - row.looked_up_at > NEGATIVE_LOOKUP_TTL_MS)
      return undefined;
    return row.company_id;
  };

  return {
    cached,
    async resolve(name, now, abort) {
      const normalized = normalizeCompanyName(name);
      if (!normalized) return null;
      const known = cached(normalized, now);
      if (known !== undefined) return known;
      const match = await resolverFor(abort).idForName(name);
      const id = match?.exact && /^\d+$/.test(match.id) ? Number(match.id) : null;
      sqlite.transaction(() => {
        put.run(normalized, id, now);
        if (id !== null && match)
          putCompany.run(id, match.displayName, normalizeCompanyName(match.displayName), now);
      })();
      return id;
    },
  };
}
