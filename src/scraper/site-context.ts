import { browserFetchHeaders } from './browser-headers';
import type { RequestPolicy, SiteRequester } from './site-requester';

/** What the search, details and company modules share: set up once by createSiteClient. */
export interface SiteContext {
  baseUrl: string;
  siteName: string;
  maxResultsPerQuery: number;
  requester: SiteRequester;
  /** Batch traffic: serial, spaced, waits out refusals. */
  batch: RequestPolicy;
  /** Signed-in batch traffic: as batch, and 401/403 mean expired cookies. */
  signedIn: RequestPolicy;
  /** Typeahead: its own small budget, fails fast. */
  typeahead: RequestPolicy;
  /** The operator's "Check cookies": the typeahead's lane (never queued behind a batch), signed in. */
  sessionCheck: RequestPolicy;
}

export function siteUrl(
  context: SiteContext,
  path: string,
  params: Record<string, string | undefined> = {},
): URL {
  const url = new URL(path, context.baseUrl);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') url.searchParams.set(name, value);
  }
  return url;
}

export function pageHeaders(context: SiteContext, refererPath: string): Record<string, string> {
  return browserFetchHeaders(new URL(refererPath, context.baseUrl).toString());
}
