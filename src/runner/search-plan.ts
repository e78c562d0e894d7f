import { createHash } from 'node:crypto';
import { POSTED_WITHIN_SECONDS, type SearchFilters } from '../contract/search-filters';
import { guestFilterParams } from '../scraper';

/** An incremental run looks this much further back than the last run's start (docs/decisions/017). */
export const INCREMENTAL_MARGIN_SECONDS = 3600;

export type SearchMode = 'full' | 'incremental';

export interface SearchedQuery {
  job_title: string;
  location_id: number;
  filters: SearchFilters;
}

/** The query's last completed run that can anchor an incremental one. */
export interface PreviousRun {
  start_time: number;
  search_fingerprint: string | null;
}

export interface SearchPlan {
  mode: SearchMode;
  fingerprint: string;
  /** The extra guest-search parameters to send (f_TPR, f_WT, …). */
  params: Record<string, string>;
}

/** What was searched, as one short value: two runs with the same fingerprint asked the same. */
export function searchFingerprint(query: SearchedQuery): string {
  return createHash('sha256')
    .update(JSON.stringify([query.job_title, query.location_id, query.filters]))
    .digest('hex')
    .slice(0, 32);
}

/**
 * docs/decisions/017: a standard query that completed before, searching the same term, place
 * and filters, asks only for jobs posted since that run started, plus a margin; unless the
 * operator's own "posted within" is narrower, which then stands (and the run counts as full:
 * it searched everything the operator asked for).
 */
export function planSearch(
  query: SearchedQuery,
  previous: PreviousRun | undefined,
  now: number,
): SearchPlan {
  const fingerprint = searchFingerprint(query);
  const own = POSTED_WITHIN_SECONDS[query.filters.posted_within];
  if (!previous || previous.search_fingerprint !== fingerprint)
    return { mode: 'full', fingerprint, params: guestFilterParams(query.filters, own) };
  const since =
    Math.ceil(Math.max(0, now - previous.start_time) / 1000) + INCREMENTAL_MARGIN_SECONDS;
  if (own !== null && own <= since)
    return { mode: 'full', fingerprint, params: guestFilterParams(query.filters, own) };
  return { mode: 'incremental', fingerprint, params: guestFilterParams(query.filters, since) };
}
