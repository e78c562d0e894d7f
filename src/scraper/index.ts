/**
 * The LinkedIn client (see ../../../shared/LINKEDIN.md for the endpoints it is built on).
 * A pure library: no HTTP server, no database. Configure it from the validated environment:
 *
 *   const site = createSiteClient({ baseUrl: LINKEDIN_BASE_URL, siteName: SITE_NAME,
 *     minIntervalMs: SCRAPE_MIN_INTERVAL_MS, stallMs: SCRAPE_STALL_MS,
 *     maxResultsPerQuery: SCRAPE_MAX_RESULTS_PER_QUERY, proxyUrl: SCRAPE_PROXY_URL });
 *   for await (const page of site.searchJobs({ keywords, geoId })) store(page.cards);
 *   for await (const page of site.searchJobsWithAi({ keywords, placeName, cookies })) …
 *   const details = await site.getJobDetails(jobId);
 *   const places = await site.searchPlaces('Berl');         // own budget, fails fast
 *   const company = await site.getCompany('1441', cookies);  // null when unknown
 *   const resolver = createCompanyResolver(site, sqliteCache); // ids ↔ names, cached
 *
 * Batch requests (searches, details, company lookups) go one at a time, minIntervalMs plus
 * up to 50% jitter apart; 429/999 are waited out (Retry-After, else 2 s doubling to 60 s)
 * until the site has refused for stallMs; redirects to a sign-in page, timeouts, dropped
 * connections and 5xx (after a few retries) end in a SiteError with an operator-readable
 * message that never holds cookies.
 */
export {
  createSiteClient,
  type SiteClient,
  type SiteClientOptions,
  type RequestOptions,
} from './site-client';
export { preloadUndici as preloadSiteTransport } from './http-transport';
export { SiteError, isSiteError, type SiteErrorKind } from './site-error';
export type { JobCard, JobDetails, SearchPage, TypeaheadHit, Company } from './types';
export type { GuestSearchQuery } from './guest-search';
export { aiKeywords, aiCookiesMessage, type AiSearchQuery } from './ai-search';
export { normalizeCompanyName } from '../contract/company-name';
export {
  createCompanyResolver,
  type CompanyResolver,
  type CompanyMatch,
  type KeyValueCache,
} from './company-resolver';
export { parseCookieString, extractSessionCookies, type SessionCookies } from './cookies';
export { canonicalJobUrl } from './job-url';
export { ME_PATH, sessionCookiesMessage, type SessionVerdict } from './session-check';
export { parseSearchCards, type ParseContext, type ParsedCards } from './parse-search-cards';
export { parseJobDetails } from './parse-job-details';
export { parseAiSearchCards } from './parse-ai-search-cards';
export { parseTypeahead, parseCompany } from './parse-site-json';
export type { Transport, TransportRequest, TransportResponse } from './http-transport';
export type { SiteEndpoint, SiteObserver, SiteRetryReason } from './site-observer';
export { guestFilterParams, postedWithinParam } from './search-filters';
