import { parse as parseCookieHeader } from 'cookie';
import { SiteError } from './site-error';

/** The parts of the stored cookies the signed-in calls need. */
export interface SessionCookies {
  liAt: string;
  /** JSESSIONID as stored, quotes included (sent back in the cookie header). */
  jsessionId: string;
  /** JSESSIONID without its quotes: the `csrf-token` header. */
  csrfToken: string;
  /** The cookie header to send: every cookie of the input, normalised. */
  header: string;
}

/**
 * Splits a cookie string ("a=1; b=2") into a map. A leading "Cookie:" is tolerated; pieces
 * without a name are dropped; values keep their quotes, as the site expects them back.
 */
export function parseCookieString(input: string): Map<string, string> {
  const text = input.trim().replace(/^cookie:\s*/i, '');
  // The values go back to the site byte for byte: cookie.parse would percent-decode them.
  const parsed = parseCookieHeader(text, { decode: (value) => value });
  const cookies = new Map<string, string>();
  for (const [name, value] of Object.entries(parsed)) {
    if (name && value !== undefined) cookies.set(name, value);
  }
  return cookies;
}

export function stripQuotes(value: string): string {
  return value.replace(/^"(.*)"$/s, '$1');
}

/** The session parts of a cookie string, or null when li_at or JSESSIONID is missing. */
export function extractSessionCookies(input: string): SessionCookies | null {
  const cookies = parseCookieString(input);
  const liAt = cookies.get('li_at');
  const jsessionId = cookies.get('JSESSIONID');
  if (!liAt || !jsessionId || !stripQuotes(jsessionId)) return null;
  return {
    liAt,
    jsessionId,
    csrfToken: stripQuotes(jsessionId),
    header: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

/** Like extractSessionCookies, but fails with the operator's next step when unusable. */
export function requireSessionCookies(
  input: string | null | undefined,
  message: string,
): SessionCookies {
  const session = input ? extractSessionCookies(input) : null;
  if (!session) throw new SiteError('needs-cookies', message);
  return session;
}
