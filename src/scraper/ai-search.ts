import { browserFetchHeaders } from './browser-headers';
import { requireSessionCookies, type SessionCookies } from './cookies';
import type { TransportResponse } from './http-transport';
import { parseAiSearchCards } from './parse-ai-search-cards';
import { SiteError } from './site-error';
import { siteUrl, type SiteContext } from './site-context';
import type { SearchPage } from './types';

export const AI_SEARCH_PATH = '/flagship-web/jobs/search-results';
export const AI_PAGE_SIZE = 25;
const NAVIGATE_TO_SCREEN = 'proto.sdui.actions.core.NavigateToScreen';

export interface AiSearchQuery {
  /** What the operator typed, e.g. "python developer". */
  keywords: string;
  /** The place's display name; folded into the keywords, since the semantic search drops `location`. */
  placeName?: string;
  geoId?: string;
  /** The stored cookie string (li_at and JSESSIONID needed). */
  cookies: string;
  startAt?: number;
}

/**
 * "python developer" + "San Francisco, California, United States" → "python developer in
 * San Francisco, California": the country is dropped when the place is more precise.
 */
export function aiKeywords(keywords: string, placeName?: string): string {
  const place = (placeName ?? '').trim();
  const text = keywords.trim();
  if (!place) return text;
  const parts = place
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const short = parts.length >= 3 ? parts.slice(0, -1).join(', ') : place;
  return `${text} in ${short}`;
}

export function aiCookiesMessage(siteName: string): string {
  return `AI-powered search needs valid ${siteName} cookies: paste new ones in Settings`;
}

function signedInHeaders(session: SessionCookies, referer: string): Record<string, string> {
  return {
    ...browserFetchHeaders(referer),
    accept: '*/*',
    cookie: session.header,
    'csrf-token': session.csrfToken,
    'x-li-rsc-stream': 'true',
  };
}

/**
 * Pages of the signed-in natural-language search (an RSC stream, 25 cards a page). The
 * first page is a GET; each next page is a POST of a NavigateToScreen action whose `url`
 * carries `start`, with `x-li-initial-url` set to the previous answer's `x-li-route-url`.
 * Ends on a page without cards or at maxResultsPerQuery.
 */
export async function* aiSearchPages(
  context: SiteContext,
  query: AiSearchQuery,
  signal?: AbortSignal,
): AsyncGenerator<SearchPage> {
  // Checked before any request: without a session the search cannot work at all.
  const session = requireSessionCookies(query.cookies, aiCookiesMessage(context.siteName));
  const max = context.maxResultsPerQuery;
  const keywords = aiKeywords(query.keywords, query.placeName);
  const params = { keywords, geoId: query.geoId, skipRedirect: 'true' };
  const referer = siteUrl(context, '/jobs/search-results/', { keywords }).toString();
  let start = Math.max(0, Math.floor(query.startAt ?? 0));
  let routeUrl: string | null = null;
  let first = true;
  while (start < max) {
    const pageUrl = siteUrl(context, AI_SEARCH_PATH, {
      ...params,
      start: start > 0 ? String(start) : undefined,
    });
    const headers = signedInHeaders(session, referer);
    const res: TransportResponse = first
      ? await context.requester.send(
          { endpoint: 'ai-search-page', method: 'GET', url: pageUrl, headers, signal },
          context.signedIn,
        )
      : await context.requester.send(
          {
            endpoint: 'ai-search',
            method: 'POST',
            url: siteUrl(context, AI_SEARCH_PATH, params),
            headers: {
              ...headers,
              'content-type': 'application/json',
              'x-li-initial-url': routeUrl ?? `${pageUrl.pathname}${pageUrl.search}`,
            },
            body: JSON.stringify({
              $type: NAVIGATE_TO_SCREEN,
              screenId: 'com.linkedin.sdui.flagshipnav.jobs.SemanticJobSearchResults',
              url: `${pageUrl.pathname}${pageUrl.search}`,
              isInternal: true,
            }),
            signal,
          },
          context.signedIn,
        );
    first = false;
    if (res.status !== 200) {
      throw new SiteError(
        'http',
        `${context.siteName} answered HTTP ${res.status} for ${pageUrl.pathname} at offset ${start}`,
        {
          status: res.status,
          path: pageUrl.pathname,
        },
      );
    }
    routeUrl = res.headers['x-li-route-url'] ?? routeUrl;
    const parsed = parseAiSearchCards(res.body, {
      baseUrl: context.baseUrl,
      siteName: context.siteName,
      path: pageUrl.pathname,
    });
    if (parsed.cardCount === 0) return;
    yield {
      start,
      cards: parsed.cards.slice(0, max - start),
      skippedCards: parsed.skippedCards,
      nextStart: start + parsed.cardCount,
    };
    start += parsed.cardCount;
  }
}
