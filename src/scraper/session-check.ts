import { z } from 'zod';
import { browserFetchHeaders } from './browser-headers';
import { requireSessionCookies } from './cookies';
import { isSiteError, SiteError } from './site-error';
import { siteUrl, type SiteContext } from './site-context';

/** The signed-in member: what the site's own pages ask first, and the cheapest signed-in call. */
export const ME_PATH = '/voyager/api/me';

export type SessionVerdict = 'valid' | 'rejected';

export function sessionCookiesMessage(siteName: string): string {
  return `The saved cookies lack li_at or JSESSIONID: paste new ${siteName} cookies in Settings`;
}

// The normalized+json answer holds the member under `data`, plain JSON at the top. Any of the
// member's usual fields will do: the point is that the site answered as to a signed-in member.
const member = z.looseObject({
  plainId: z.number().optional(),
  '*miniProfile': z.string().optional(),
  miniProfile: z.unknown().optional(),
});
const meAnswer = z.union([z.object({ data: member }).transform((a) => a.data), member]);

/**
 * Asks the site whether the stored session still works: `valid` when it answers as to a
 * signed-in member, `rejected` when it sends the request to a sign-in page (or answers 401 /
 * 403). Anything else (network trouble, 5xx, 429, an answer it cannot read) throws a
 * SiteError: the site could not be asked, which says nothing about the cookies. Missing
 * li_at or JSESSIONID throws `needs-cookies` before any request.
 */
export async function checkSession(
  context: SiteContext,
  cookies: string,
  signal?: AbortSignal,
): Promise<SessionVerdict> {
  const session = requireSessionCookies(cookies, sessionCookiesMessage(context.siteName));
  const url = siteUrl(context, ME_PATH);
  const headers = {
    ...browserFetchHeaders(new URL('/feed/', context.baseUrl).toString()),
    accept: 'application/vnd.linkedin.normalized+json+2.1',
    'x-restli-protocol-version': '2.0.0',
    'x-li-lang': 'en_US',
    cookie: session.header,
    'csrf-token': session.csrfToken,
  };
  try {
    const res = await context.requester.send(
      { endpoint: 'session-check', method: 'GET', url, headers, signal },
      context.sessionCheck,
    );
    if (res.status !== 200) {
      throw new SiteError(
        'http',
        `${context.siteName} answered HTTP ${res.status} for ${url.pathname}`,
        { status: res.status, path: url.pathname },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(res.body);
    } catch {
      json = undefined;
    }
    if (!meAnswer.safeParse(json).success) {
      throw new SiteError(
        'parse',
        `Could not read ${context.siteName}'s answer for ${url.pathname}: not the signed-in member`,
        { path: url.pathname },
      );
    }
    return 'valid';
  } catch (error) {
    if (isSiteError(error) && error.kind === 'session-expired') return 'rejected';
    throw error;
  }
}
