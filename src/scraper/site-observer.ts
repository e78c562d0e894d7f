// What the site client tells whoever watches it (the server's metrics): a small interface the
// client calls, so the scraper knows nothing of Prometheus or the server (DESIGN.md layout).

/** Which of the site's calls a request was: a name per kind of call, never its URL. */
export type SiteEndpoint =
  | 'guest-search'
  | 'job-details'
  | 'ai-search-page'
  | 'ai-search'
  | 'typeahead'
  | 'company'
  | 'session-check';

/** Why a request is tried again: refused (429/999), a 5xx, a timeout, a dropped connection. */
export type SiteRetryReason = 'refused' | 'server-error' | 'timeout' | 'network';

export interface SiteObserver {
  /** One attempt's outcome: the site's HTTP status, or the failure that left it without one. */
  request(endpoint: SiteEndpoint, outcome: number | 'timeout' | 'network'): void;
  /** A wait of `ms` before trying `endpoint` again, and why. Each is followed by a retry. */
  pause(endpoint: SiteEndpoint, reason: SiteRetryReason, ms: number): void;
}
