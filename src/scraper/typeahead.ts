import { parseTypeahead } from './parse-site-json';
import { SiteError } from './site-error';
import { pageHeaders, siteUrl, type SiteContext } from './site-context';
import type { TypeaheadHit } from './types';

export const TYPEAHEAD_PATH = '/jobs-guest/api/typeaheadHits';
const GEO_TYPES = 'POPULATED_PLACE,ADMIN_DIVISION_2,MARKET_AREA,COUNTRY_REGION';

export type TypeaheadType = 'GEO' | 'COMPANY';

/** The guest typeahead, on its own small budget so the operator's typing is never queued behind a batch. */
export async function fetchTypeahead(
  context: SiteContext,
  type: TypeaheadType,
  query: string,
  signal?: AbortSignal,
): Promise<TypeaheadHit[]> {
  const text = query.trim();
  if (!text) return [];
  const url = siteUrl(context, TYPEAHEAD_PATH, {
    typeaheadType: type,
    geoTypes: type === 'GEO' ? GEO_TYPES : undefined,
    query: text,
  });
  const res = await context.requester.send(
    {
      endpoint: 'typeahead',
      method: 'GET',
      url,
      headers: pageHeaders(context, '/jobs/search'),
      signal,
    },
    context.typeahead,
  );
  if (res.status !== 200) {
    throw new SiteError(
      'http',
      `${context.siteName} answered HTTP ${res.status} for ${url.pathname}`,
      { status: res.status, path: url.pathname },
    );
  }
  return parseTypeahead(res.body, {
    baseUrl: context.baseUrl,
    siteName: context.siteName,
    path: url.pathname,
  });
}
