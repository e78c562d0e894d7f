import { browserFetchHeaders } from './browser-headers';
import { requireSessionCookies } from './cookies';
import { parseCompany } from './parse-site-json';
import { SiteError } from './site-error';
import { siteUrl, type SiteContext } from './site-context';
import type { Company } from './types';

export const COMPANY_PATH = '/voyager/api/organization/companies/';

export function companyCookiesMessage(siteName: string): string {
  return `Looking up companies needs valid ${siteName} cookies: paste new ones in Settings`;
}

/** A company by numeric id through the signed-in voyager API; null when the site knows no such company. */
export async function fetchCompany(
  context: SiteContext,
  id: string,
  cookies: string,
  signal?: AbortSignal,
): Promise<Company | null> {
  if (!/^\d+$/.test(id))
    throw new SiteError('http', `Not a ${context.siteName} company id: ${id.slice(0, 40)}`);
  const session = requireSessionCookies(cookies, companyCookiesMessage(context.siteName));
  const url = siteUrl(context, `${COMPANY_PATH}${id}`);
  const headers = {
    ...browserFetchHeaders(new URL('/feed/', context.baseUrl).toString()),
    accept: 'application/vnd.linkedin.normalized+json+2.1',
    'x-restli-protocol-version': '2.0.0',
    'x-li-lang': 'en_US',
    cookie: session.header,
    'csrf-token': session.csrfToken,
  };
  const res = await context.requester.send(
    { endpoint: 'company', method: 'GET', url, headers, signal },
    context.signedIn,
  );
  if (res.status === 404) return null;
  if (res.status !== 200) {
    throw new SiteError(
      'http',
      `${context.siteName} answered HTTP ${res.status} for ${url.pathname}`,
      { status: res.status, path: url.pathname },
    );
  }
  return parseCompany(res.body, id, {
    baseUrl: context.baseUrl,
    siteName: context.siteName,
    path: url.pathname,
  });
}
