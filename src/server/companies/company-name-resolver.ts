import type { FastifyBaseLogger } from 'fastify';
import { normalizeCompanyName } from '../../contract/company-name';
import { isSiteError } from '../../runner';
import { knownCompanyName, rememberCompany } from '../../db/companies/companies';
import type { Db } from '../../db/database';
import { readSetting, SETTING_KEYS } from '../../db/settings';
import type { CompanyLookup } from './company-lookup';

/**
 * How long blocking waits for the site before it stores the company with an empty name. The
 * site client paces its requests, so a lookup can queue behind a running batch; the operator
 * should not wait for that. A lookup that finishes later still caches the name and fills it in.
 */
export const COMPANY_LOOKUP_WAIT_MS = 8_000;

export interface CompanyNameResolverOptions {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  lookup: CompanyLookup;
  waitMs?: number;
}

/** Why a lookup gave no name, for the log: never the cookies, never a header. */
function reasonOf(err: unknown): string {
  if (isSiteError(err)) return `${err.kind}: ${err.message}`;
  return err instanceof Error ? err.message : 'unknown error';
}

/**
 * The normalised name for a company id: from the companies the product has already seen, else from
 * the site's signed-in lookup with the stored cookies (caching what it learns). '' when no name
 * can be found now: no cookies, the site failed or was too slow, or it does not know the id.
 */
export function createCompanyNameResolver(options: CompanyNameResolverOptions) {
  const { db, now, log, lookup } = options;
  const waitMs = options.waitMs ?? COMPANY_LOOKUP_WAIT_MS;
  /** Lookups already on their way, so a double click asks the site once. */
  const inFlight = new Map<number, Promise<string>>();

  const lookUpOnSite = (id: number, cookies: string): Promise<string> => {
    const running = inFlight.get(id);
    if (running) return running;
    const started = (async () => {
      try {
        const company = await lookup(id, cookies);
        if (!company) {
          log.info({ companyId: id }, 'company lookup: the site does not know this id');
          return '';
        }
        await rememberCompany(db, { id, name: company.name, slug: company.slug }, now());
        return normalizeCompanyName(company.name);
      } catch (err) {
        log.warn(
          { companyId: id, reason: reasonOf(err) },
          'company lookup failed; blocked without a name for now',
        );
        return '';
      } finally {
        inFlight.delete(id);
      }
    })();
    inFlight.set(id, started);
    return started;
  };

  return async function resolveCompanyName(id: number): Promise<string> {
    const known = await knownCompanyName(db, id);
    if (known) return known;
    const cookies = (await readSetting(db, SETTING_KEYS.cookies))?.trim() ?? '';
    if (!cookies) return '';
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<string>((resolve) => {
      timer = setTimeout(() => {
        log.warn(
          { companyId: id, waitMs },
          'company lookup is slow; blocked without a name for now',
        );
        resolve('');
      }, waitMs);
    });
    try {
      return await Promise.race([lookUpOnSite(id, cookies), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
}
export type ResolveCompanyName = ReturnType<typeof createCompanyNameResolver>;
