import { z } from 'zod';
import { normalizeCompanyName } from '../contract/company-name';
import type { Company, TypeaheadHit } from './types';

/** A small async key-value store; others back it with SQLite. Values are JSON strings. */
export interface KeyValueCache {
  get(key: string): Promise<string | null | undefined>;
  set(key: string, value: string): Promise<void>;
}

export interface CompanyMatch {
  id: string;
  displayName: string;
  /** True when the typeahead hit's normalised name equals the asked one. */
  exact: boolean;
  /** Other exact matches: distinct companies that share the name. */
  otherIds: string[];
}

export interface CompanySource {
  searchCompanies(query: string): Promise<TypeaheadHit[]>;
  getCompany(id: string, cookies: string): Promise<Company | null>;
}

const companyMatch = z.object({
  id: z.string(),
  displayName: z.string(),
  exact: z.boolean(),
  otherIds: z.array(z.string()),
});
const company = z.object({ id: z.string(), name: z.string(), universalName: z.string() });

function fromCache<T>(schema: z.ZodType<T>, text: string | null | undefined): T | undefined {
  if (!text) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Company id from a name (COMPANY typeahead: an exact normalised-name match first, else the
 * first hit, marked `exact: false`) and name from an id (signed-in lookup), each cached.
 * Only answers are cached, never misses, so a company the site adds later is found.
 */
export function createCompanyResolver(source: CompanySource, cache?: KeyValueCache) {
  return {
    async idForName(name: string): Promise<CompanyMatch | null> {
      const wanted = normalizeCompanyName(name);
      if (!wanted) return null;
      const key = `company-id-by-name:${wanted}`;
      const cached = fromCache(companyMatch, await cache?.get(key));
      if (cached) return cached;
      const hits = await source.searchCompanies(name);
      const exact = hits.filter((hit) => normalizeCompanyName(hit.displayName) === wanted);
      const best = exact[0] ?? hits[0];
      if (!best) return null;
      const match: CompanyMatch = {
        id: best.id,
        displayName: best.displayName,
        exact: exact.length > 0,
        otherIds: exact.slice(1).map((hit) => hit.id),
      };
      await cache?.set(key, JSON.stringify(match));
      return match;
    },

    async companyForId(id: string, cookies: string): Promise<Company | null> {
      const key = `company-by-id:${id}`;
      const cached = fromCache(company, await cache?.get(key));
      if (cached) return cached;
      const found = await source.getCompany(id, cookies);
      if (found) await cache?.set(key, JSON.stringify(found));
      return found;
    },
  };
}

export type CompanyResolver = ReturnType<typeof createCompanyResolver>;
