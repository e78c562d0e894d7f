import { connectionOf, type ConnectionLike } from '../db/connection';
import { createCompanyIdLookups } from '../db/companies/company-id-lookups';
import { createCompanyResolver, normalizeCompanyName, type SiteClient } from '../scraper';

/** A name the site had no exact match for is asked again after this long (it may be added). */
export const NEGATIVE_LOOKUP_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface CompanyIdCache {
  /** The cached id (number), a cached "no such company" (null), or undefined when not cached / stale. */
  cached(normalized: string, now: number): number | null | undefined;
  /** Resolves a company's numeric id from its name through the site, caching the answer. */
  resolve(name: string, now: number, signal?: AbortSignal): Promise<number | null>;
}

/**
 * Company ids by name, through the client's resolver (the COMPANY typeahead) with the
 * answers kept in SQLite (src/db/companies/company-id-lookups.ts): every answer, negative ones
 * included, and the id ↔ name pairs found, which blocking reads to name a company.
 * Only an exact normalised-name match counts: the typeahead's first hit for an unknown
 * name is some other company, and taking its id would block or mislabel the wrong jobs.
 */
export function createCompanyIdCache(
  connection: ConnectionLike,
  site: Pick<SiteClient, 'searchCompanies' | 'getCompany'>,
): CompanyIdCache {
  const lookups = createCompanyIdLookups(connection);
  // The resolver is given no cache of its own: this module is the cache. One per call, so
  // each carries the caller's abort signal.
  const resolverFor = (signal: AbortSignal | undefined) =>
    createCompanyResolver({
      searchCompanies: (query) => site.searchCompanies(query, { signal }),
      getCompany: (id, cookies) => site.getCompany(id, cookies, { signal }),
    });

  const cached = (normalized: string, now: number): number | null | undefined => {
    const row = lookups.find(normalized);
    if (row === undefined) return undefined;
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
      const company =
        id !== null && match
          ? { id, name: match.displayName, normalizedName: normalizeCompanyName(match.displayName) }
          : null;
      await connectionOf(connection).write(() => lookups.remember(normalized, id, company, now));
      return id;
    },
  };
}
