import { API_TOKEN_PREFIX, CALENDAR_FEED_TOKEN_PREFIX } from '../contract';

/** What stands in the log for a path segment, a query key or a query value that is not kept. */
export const REDACTED = '[redacted]';

/**
 * The query keys whose values the access log keeps: the list's order, paging, filters by id or
 * by a fixed set of words, and the exports' and imports' switches. Every other value (a search
 * text, a typeahead's text, whatever a client adds, `token=` or `password=` by mistake) is
 * replaced: a value can be anything, so only the known harmless ones are written.
 */
const KEPT_QUERY_VALUES = new Set([
  'limit',
  'cursor',
  'sort',
  'format',
  'dry_run',
  'mode',
  'batch',
  'run',
  'new_in_batch',
  'posted',
  'workplace',
  'easy_apply',
  'has_salary',
  'state',
  'flag',
  'hide_reposts',
  'grouped',
]);

// The kept keys take ids, numbers and words of the contract; anything longer or stranger is not
// one of those and is dropped.
const PLAIN_VALUE = /^[A-Za-z0-9_,.:-]{0,64}$/;
const MAX_CURSOR_LENGTH = 1024;

// Characters of base64, base64url and hex: what a random secret is written with.
const SECRET_ALPHABET_RUN = /[A-Za-z0-9+/=_~-]{16,}/g;
const SECRET_SEPARATORS = /[-_+/=~]/;
// A piece that reads as a word (lower case or Capitalised): route names, the built files' names.
const WORD = /^[A-Z]?[a-z]*$/;
// The dashboard's own paths keep at most a built file's 8-character hash outside word-shaped
// pieces. Of a million random 256-bit tokens (43 characters) none kept fewer than 12, and of
// 200,000 128-bit ones (22 characters) 48 did.
const MIN_RANDOM_CHARACTERS = 12;

/**
 * The text with its percent-escapes undone, again and again for a text encoded twice. Byte by
 * byte, never failing: a malformed escape is left as it is, and the secrets sought are ASCII.
 */
function percentDecoded(text: string): string {
  let current = text;
  for (let i = 0; i < 4; i += 1) {
    const next = current.replace(/%([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * Whether a (decoded) piece of an address looks like a secret: an API token, a calendar feed's
 * token (its address, /calendar/jsc_….ics, is its secret), a known secret of the configuration,
 * or a long run of base64 or hex characters that does not read as words.
 */
function looksSecret(decoded: string, knownSecrets: readonly string[]): boolean {
  const lower = decoded.toLowerCase();
  if (lower.includes(API_TOKEN_PREFIX) || lower.includes(CALENDAR_FEED_TOKEN_PREFIX)) return true;
  if (knownSecrets.some((secret) => decoded.includes(secret))) return true;
  for (const run of decoded.match(SECRET_ALPHABET_RUN) ?? []) {
    let random = 0;
    for (const piece of run.split(SECRET_SEPARATORS)) if (!WORD.test(piece)) random += piece.length;
    if (random >= MIN_RANDOM_CHARACTERS) return true;
  }
  return false;
}

/** One of the list's own cursors: base64url of a JSON object (a token decodes to random bytes). */
function isListCursor(value: string): boolean {
  if (value.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value)) return false;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

function keptValue(key: string, rawValue: string, knownSecrets: readonly string[]): boolean {
  if (!KEPT_QUERY_VALUES.has(key)) return false;
  if (key === 'cursor') return isListCursor(rawValue);
  const decoded = percentDecoded(rawValue);
  return PLAIN_VALUE.test(decoded) && !looksSecret(decoded, knownSecrets);
}

function queryForLog(query: string, knownSecrets: readonly string[]): string {
  return query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const rawKey = equals < 0 ? part : part.slice(0, equals);
      const key = percentDecoded(rawKey.replaceAll('+', ' '));
      const keyText = looksSecret(key, knownSecrets) ? REDACTED : rawKey;
      if (equals < 0) return keyText;
      const rawValue = part.slice(equals + 1);
      return `${keyText}=${keptValue(key, rawValue, knownSecrets) ? rawValue : REDACTED}`;
    })
    .join('&');
}

/**
 * The request's address as the access log writes it: the path with every secret-shaped segment
 * replaced, then the query's keys, each with its value only when the key is one of a few
 * harmless ones. A secret pasted into an address (`?access_token=…`, a token as a path segment,
 * percent-encoded or not) never reaches the log; `knownSecrets` are matched as well, for a secret
 * of the configuration that reads as words.
 */
export function urlForLog(url: string, knownSecrets: readonly string[] = []): string {
  const question = url.indexOf('?');
  const path = question < 0 ? url : url.slice(0, question);
  const pathText = path
    .split('/')
    .map((segment) => (looksSecret(percentDecoded(segment), knownSecrets) ? REDACTED : segment))
    .join('/');
  return question < 0
    ? pathText
    : `${pathText}?${queryForLog(url.slice(question + 1), knownSecrets)}`;
}
