import { parseSearchCards } from './parse-search-cards';
import { SiteError } from './site-error';
import { pageHeaders, siteUrl, type SiteContext } from './site-context';
import type { SearchPage } from './types';

export const GUEST_SEARCH_PATH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
/** The guest search answers offsets below this; at and above it, HTTP 400 means the end. */
export const GUEST_OFFSET_LIMIT = 1000;

export interface GuestSearchQuery {
  keywords: string;
  geoId: string;
  /** Free-text place; the site uses geoId when both are given. */
  location?: string;
  /** Resume from this absolute offset (a previous page's nextStart). */
  startAt?: number;
  /** Further documented parameters, passed as they are (f_TPR, f_E, f_JT, f_WT, f_C, distance…). */
  filters?: Record<string, string>;
}

/**
 * Pages of the signed-out job search. `start` moves by the cards each answer actually held
 * (the site sometimes returns fewer than 10), and the search ends on an empty answer, on
 * HTTP 400 past offset 999, or at maxResultsPerQuery (an absolute offset, so a resumed
 * search stops at the same place). Every page needs a larger offset than the one before,
 * which bounds the loop.
 */
export async function* guestSearchPages(
  context: SiteContext,
  query: GuestSearchQuery,
  signal?: AbortSignal,
): AsyncGenerator<SearchPage> {
  const max = context.maxResultsPerQuery;
  let start = Math.max(0, Math.floor(query.startAt ?? 0));
  const referer = `/jobs/search?keywords=${encodeURIComponent(query.keywords)}&geoId=${encodeURIComponent(query.geoId)}`;
  while (start < max) {
    const url = siteUrl(context, GUEST_SEARCH_PATH, {
      ...query.filters,
      keywords: query.keywords,
      location: query.location,
      geoId: query.geoId,
      start: String(start),
    });
    const res = await context.requester.send(
      {
        endpoint: 'guest-search',
        method: 'GET',
        url,
        headers: pageHeaders(context, referer),
        signal,
      },
      context.batch,
    );
    if (res.status === 400 && start >= GUEST_OFFSET_LIMIT) return;
    if (res.status !== 200) {
      throw new SiteError(
        'http',
        `${context.siteName} answered HTTP ${res.status} for ${url.pathname} at offset ${start}`,
        {
          status: res.status,
          path: url.pathname,
        },
      );
    }
    const parsed = parseSearchCards(res.body, {
      baseUrl: context.baseUrl,
      siteName: context.siteName,
      path: url.pathname,
    });
    if (parsed.empty) return;
    const step = parsed.cards.length + parsed.skippedCards;
    const room = max - start;
    yield {
      start,
      cards: parsed.cards.slice(0, room),
      skippedCards: parsed.skippedCards,
      nextStart: start + step,
    };
    start += step;
  }
}
