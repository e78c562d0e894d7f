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
  const cookies = new Map<string, string>();
  const text = input.trim().replace(/^cookie:\s*/i, '');
  for (const piece of text.split(';')) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    const name = piece.slice(0, eq).trim();
    const value = piece.slice(eq + 1).trim();
    if (name) cookies.set(name, value);
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
