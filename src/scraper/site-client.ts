import { aiSearchPages, type AiSearchQuery } from './ai-search';
import { systemClock, type Clock } from './clock';
import { fetchCompany } from './company-lookup';
import { guestSearchPages, type GuestSearchQuery } from './guest-search';
import { createUndiciTransport, type Transport } from './http-transport';
import { fetchJobDetails } from './job-details';
import { createPoolLane, createSerialLane } from './pacing';
import type { SiteContext } from './site-context';
import { checkSession, type SessionVerdict } from './session-check';
import type { SiteObserver } from './site-observer';
import { SiteRequester, type RequestPolicy } from './site-requester';
import { fetchTypeahead } from './typeahead';
import type { Company, JobDetails, SearchPage, TypeaheadHit } from './types';

export interface SiteClientOptions {
  /** LINKEDIN_BASE_URL. */
  baseUrl: string;
  /** SITE_NAME, used in messages. */
  siteName: string;
  /** SCRAPE_MIN_INTERVAL_MS: least gap between two batch requests, from the end of one to the start of the next. */
  minIntervalMs: number;
  /** Up to this fraction of minIntervalMs is added at random to each gap. Default 0.5; 0 turns jitter off. */
  jitterRatio?: number;
  /** SCRAPE_STALL_MS: refused (429/999) this long without a success ends the run. Default 900000. */
  stallMs?: number;
  /** SCRAPE_MAX_RESULTS_PER_QUERY. Default 1000. */
  maxResultsPerQuery?: number;
  /** SCRAPE_PROXY_URL: all site traffic goes through this HTTP(S) proxy. */
  proxyUrl?: string;
  /** Whole request, answer included. Default 30000. */
  requestTimeoutMs?: number;
  /** Default 10000. */
  connectTimeoutMs?: number;
  /** Attempts for timeouts, dropped connections and 5xx (first included). Default 4. */
  maxAttempts?: number;
  /** First wait after such a failure, doubling. Default 1000. */
  retryDelayMs?: number;
  /**
   * The typeahead's own budget (the operator's typing and the company lookups by name). Defaults:
   * 5 at once, starts TYPEAHEAD_MIN_INTERVAL_MS apart (never further apart than minIntervalMs),
   * 5000 ms timeout, 2 attempts.
   */
  typeahead?: {
    maxConcurrent?: number;
    minIntervalMs?: number;
    timeoutMs?: number;
    maxAttempts?: number;
  };
  /** Injectable for tests: a fake clock makes back-off and stall tests instant. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Injectable for tests; default undici. */
  transport?: Transport;
  /** Told of every request's outcome and every wait before a retry (the server's metrics). */
  observer?: SiteObserver;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/** The site client. Every method throws SiteError and nothing else for site trouble. */
export interface SiteClient {
  /** Guest (signed-out) job search, page by page (≤ 10 cards each). */
  searchJobs(query: GuestSearchQuery, options?: RequestOptions): AsyncGenerator<SearchPage>;
  /** Signed-in AI-powered search, page by page (≤ 25 cards each). Fails at once without usable cookies. */
  searchJobsWithAi(query: AiSearchQuery, options?: RequestOptions): AsyncGenerator<SearchPage>;
  /** The guest details page of a job (the enriching step). */
  getJobDetails(jobId: string, options?: RequestOptions): Promise<JobDetails>;
  /** GEO typeahead: places for the location field. */
  searchPlaces(query: string, options?: RequestOptions): Promise<TypeaheadHit[]>;
  /** COMPANY typeahead: numeric company ids by name. */
  searchCompanies(query: string, options?: RequestOptions): Promise<TypeaheadHit[]>;
  /** Company by numeric id (signed-in); null when the site has no such company. */
  getCompany(id: string, cookies: string, options?: RequestOptions): Promise<Company | null>;
  /**
   * Whether the site accepts the session cookies (signed-in `/voyager/api/me`). Throws a
   * SiteError when it cannot tell (network, 5xx, 429), and `needs-cookies` without a session.
   */
  checkSession(cookies: string, options?: RequestOptions): Promise<SessionVerdict>;
  /** Closes the connection pool. */
  close(): Promise<void>;
}

/** The least time between two typeahead requests' starts, unless the client is told otherwise. */
const TYPEAHEAD_MIN_INTERVAL_MS = 200;

export function createSiteClient(options: SiteClientOptions): SiteClient {
  const clock: Clock = {
    now: options.now ?? systemClock.now,
    sleep: options.sleep ?? systemClock.sleep,
    random: options.random ?? systemClock.random,
  };
  const transport =
    options.transport ??
    createUndiciTransport({
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      proxyUrl: options.proxyUrl || undefined,
    });
  const requester = new SiteRequester({
    transport,
    clock,
    siteName: options.siteName,
    stallMs: options.stallMs ?? 900_000,
    observer: options.observer,
  });
  const batchLane = createSerialLane({
    minIntervalMs: options.minIntervalMs,
    jitterRatio: options.jitterRatio ?? 0.5,
    clock,
  });
  const batch: RequestPolicy = {
    lane: batchLane,
    waitOnRefusal: true,
    maxAttempts: options.maxAttempts ?? 4,
    retryDelayMs: options.retryDelayMs ?? 1_000,
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    signedIn: false,
  };
  const typeaheadOptions = options.typeahead ?? {};
  const typeahead: RequestPolicy = {
    lane: createPoolLane({
      maxConcurrent: typeaheadOptions.maxConcurrent ?? 5,
      // minIntervalMs is the least time between two requests to the site: the typeahead's own pace
      // never waits longer. At the default 3000 nothing changes; at 0 (tests, the simulator)
      // neither lane waits, where a batch's lookups of its new companies cost 200 ms each.
      minIntervalMs:
        typeaheadOptions.minIntervalMs ??
        Math.min(TYPEAHEAD_MIN_INTERVAL_MS, options.minIntervalMs),
      clock,
    }),
    waitOnRefusal: false,
    maxAttempts: typeaheadOptions.maxAttempts ?? 2,
    retryDelayMs: 0,
    timeoutMs: typeaheadOptions.timeoutMs ?? 5_000,
    signedIn: false,
  };
  const context: SiteContext = {
    baseUrl: options.baseUrl,
    siteName: options.siteName,
    maxResultsPerQuery: options.maxResultsPerQuery ?? 1000,
    requester,
    batch,
    signedIn: { ...batch, signedIn: true },
    typeahead,
    // An operator waits on it: fails fast like the typeahead (a 429 is "could not check", not a
    // reason to wait minutes), but the answer decides about the session, so signed in.
    sessionCheck: { ...typeahead, timeoutMs: 10_000, signedIn: true },
  };
  return {
    searchJobs: (query, opts = {}) => guestSearchPages(context, query, opts.signal),
    searchJobsWithAi: (query, opts = {}) => aiSearchPages(context, query, opts.signal),
    getJobDetails: (jobId, opts = {}) => fetchJobDetails(context, jobId, opts.signal),
    searchPlaces: (query, opts = {}) => fetchTypeahead(context, 'GEO', query, opts.signal),
    searchCompanies: (query, opts = {}) => fetchTypeahead(context, 'COMPANY', query, opts.signal),
    getCompany: (id, cookies, opts = {}) => fetchCompany(context, id, cookies, opts.signal),
    checkSession: (cookies, opts = {}) => checkSession(context, cookies, opts.signal),
    close: () => transport.close(),
  };
}
