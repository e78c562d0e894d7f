import type { ChannelSettings } from '../../db/notifications/channels';

// What of a channel's secret could come back in another server's answer, and the masking of
// it (docs/decisions/022). A receiver may echo the whole URL, or only the part it looked at:
// the token segment of the path, one query value, the user info. Each is masked on its own.

/**
 * A URL part this long or longer is masked on its own. Shorter ones ("api", "hooks", "v1") are
 * the URL's shape, not its secret, and masking them would blank ordinary words in an answer.
 */
export const SECRET_PART_MIN_LENGTH = 6;

/** The text, and its percent-decoded form when that differs (a receiver may echo either). */
function withDecoded(part: string): string[] {
  try {
    const decoded = decodeURIComponent(part.replace(/\+/g, ' '));
    return decoded === part ? [part] : [part, decoded];
  } catch {
    return [part];
  }
}

/** Every part of a secret URL a receiver might echo, longest first. */
export function secretUrlParts(url: string): string[] {
  const parts = [url];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return parts;
  }
  parts.push(u.href, u.pathname + u.search, u.pathname, u.search, u.search.slice(1));
  parts.push(...u.pathname.split('/'));
  for (const pair of u.search.slice(1).split('&')) {
    const eq = pair.indexOf('=');
    parts.push(eq < 0 ? pair : pair.slice(eq + 1));
  }
  parts.push(u.hash.slice(1), u.username, u.password);
  if (u.username || u.password) parts.push(`${u.username}:${u.password}`);
  return longestFirst(parts.flatMap(withDecoded), SECRET_PART_MIN_LENGTH);
}

/**
 * The SMTP password whatever its length (it is the secret itself, not a part of one), and the
 * base64 forms AUTH LOGIN and AUTH PLAIN send it in, which a server may quote when refusing.
 */
export function smtpPasswordParts(user: string, password: string | null): string[] {
  if (!password) return [];
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  return longestFirst([password, base64(password), base64(`\u0000${user}\u0000${password}`)], 1);
}

export function secretsOf(settings: ChannelSettings): string[] {
  return settings.kind === 'email'
    ? smtpPasswordParts(settings.smtp_user, settings.smtp_password)
    : secretUrlParts(settings.url);
}

function longestFirst(parts: string[], minLength: number): string[] {
  return [...new Set(parts)]
    .filter((p) => p.length >= minLength)
    .sort((a, b) => b.length - a.length);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` with every secret replaced by `***`, whatever its case; the longest first, so a whole
 * URL reads `***` rather than a row of masked parts.
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  if (secrets.length === 0) return text;
  const pattern = new RegExp(
    [...secrets]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'giu',
  );
  return text.replace(pattern, '***');
}
