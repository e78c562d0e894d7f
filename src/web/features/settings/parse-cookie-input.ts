// The Settings screen's cookie input (SPEC.md §4 "Cookie-input parse state", §5 "Settings").
// The operator pastes either raw cookies or a whole "Copy as cURL" command from the browser's
// Network tab; this pure function tells the two apart and pulls the cookies out of a command.

/** The four parse states of SPEC.md §4. `detected` is only ever shown by the UI while it parses. */
export type CookieParseState = 'none' | 'detected' | 'parsed' | 'error';

export interface CookieParseResult {
  /** `none`, `parsed` or `error`: the pure parse never stops half-way in `detected`. */
  state: Exclude<CookieParseState, 'detected'>;
  /** The cookies to save: the trimmed input (none), the normalised cookies (parsed), or '' (error). */
  cookies: string;
}

/** SPEC.md §4's status line for each state; `none` shows nothing. */
export const cookieParseMessages: Record<CookieParseState, string | null> = {
  none: null,
  detected: 'Detected cURL command, parsing cookies...',
  parsed: 'Successfully extracted cookies from cURL command!',
  error: 'Could not extract cookies from cURL command. Please check the format.',
};

/**
 * Whether the input is a cURL command (and so gets the `detected` state while it is parsed).
 *
 * SPEC.md §5 says: starts with "curl " and contains "-b ". We extend that rule, on purpose:
 * - leading whitespace is ignored (a paste often starts with a newline);
 * - any input that starts with "curl " counts, whatever flag carries the cookies. LINKEDIN.md
 *   notes that browsers put the cookies in `-b`/`--cookie` (Chrome 134 and later) or in a
 *   `-H 'cookie: …'` header (older Chrome, Firefox), so a command without "-b " can still hold
 *   cookies. A command with no cookies at all is then reported as `error` instead of being
 *   taken for raw cookies and saved as such, which SPEC's narrower rule would do.
 * Every input SPEC's rule calls a cURL command is still one here.
 */
export function isCurlCommand(input: string): boolean {
  return input.trimStart().startsWith('curl ');
}

/** SPEC.md §4/§5: classify the pasted input and, for a cURL command, extract its cookies. */
export function parseCookieInput(input: string): CookieParseResult {
  if (!isCurlCommand(input)) return { state: 'none', cookies: input.trim() };
  const found = extractCookieArguments(tokenize(joinContinuations(input.trimStart())));
  const cookies = normalizeCookies(found.join(';'));
  return cookies ? { state: 'parsed', cookies } : { state: 'error', cookies: '' };
}

/**
 * SPEC.md §5's normalisation: split on ";", trim each piece, drop empty pieces, strip
 * surrounding quotes from each value (the part after the first "="), rejoin with "; ".
 * So `JSESSIONID="ajax:123"` becomes `JSESSIONID=ajax:123`: the rule is applied as written.
 */
export function normalizeCookies(raw: string): string {
  return raw
    .split(';')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .map((piece) => {
      const eq = piece.indexOf('=');
      if (eq === -1) return piece;
      return piece.slice(0, eq + 1) + stripSurroundingQuotes(piece.slice(eq + 1).trim());
    })
    .join('; ');
}

function stripSurroundingQuotes(value: string): string {
  const first = value[0];
  if (value.length >= 2 && (first === '"' || first === "'") && value.endsWith(first)) {
    return value.slice(1, -1);
  }
  return value;
}

/**
 * A command copied over several lines keeps its line continuations: `\` + newline for bash
 * ("Copy as cURL (bash)"), `^` + newline for Windows cmd ("Copy as cURL (cmd)"). cmd also
 * escapes with carets (`^"` is a quote, `^^` a caret, `\^"` a quote inside a quoted string),
 * so a command in cmd style loses every caret escape here and is then read by bash rules.
 */
function joinContinuations(command: string): string {
  const bashJoined = command.replace(/\\\r?\n/g, ' ');
  const isCmdStyle = /\^\r?\n/.test(bashJoined) || bashJoined.includes('^"');
  if (!isCmdStyle) return bashJoined;
  return bashJoined.replace(/\^\r?\n/g, ' ').replace(/\^([\s\S])/g, '$1');
}

/**
 * Splits a command line into words the way a POSIX shell would for the quoting that browsers
 * emit: '…' (literal), "…" (backslash escapes \ " $ ` and newline), $'…' (ANSI-C escapes,
 * which Chrome uses for values holding quotes or control characters) and bare words with
 * backslash escapes.
 */
function tokenize(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const n = command.length;
  while (i < n) {
    const c = command.charAt(i);
    if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i += 1;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      const close = end === -1 ? n : end;
      word += command.slice(i + 1, close);
      inWord = true;
      i = close + 1;
    } else if (c === '$' && command.charAt(i + 1) === "'") {
      const [text, next] = readAnsiC(command, i + 2);
      word += text;
      inWord = true;
      i = next;
    } else if (c === '"') {
      i += 1;
      while (i < n && command.charAt(i) !== '"') {
        const d = command.charAt(i);
        if (d === '\\' && i + 1 < n && '\\"$`\n'.includes(command.charAt(i + 1))) {
          word += command.charAt(i + 1);
          i += 2;
        } else {
          word += d;
          i += 1;
        }
      }
      inWord = true;
      i += 1;
    } else if (c === '\\' && i + 1 < n) {
      word += command.charAt(i + 1);
      inWord = true;
      i += 2;
    } else {
      word += c;
      inWord = true;
      i += 1;
    }
  }
  if (inWord) words.push(word);
  return words;
}

const ANSI_C_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
};

/** Reads the body of a $'…' word starting after its opening quote; returns the text and the index after it. */
function readAnsiC(command: string, start: number): [string, number] {
  let text = '';
  let i = start;
  while (i < command.length && command.charAt(i) !== "'") {
    const c = command.charAt(i);
    if (c !== '\\' || i + 1 >= command.length) {
      text += c;
      i += 1;
      continue;
    }
    const e = command.charAt(i + 1);
    const hex = /^(?:x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8}))/.exec(
      command.slice(i + 1, i + 10),
    );
    const code = hex ? (hex[1] ?? hex[2] ?? hex[3]) : undefined;
    if (hex && code !== undefined) {
      const point = parseInt(code, 16);
      text += point <= 0x10ffff ? String.fromCodePoint(point) : '';
      i += 1 + hex[0].length;
    } else {
      text += ANSI_C_ESCAPES[e] ?? `\\${e}`;
      i += 2;
    }
  }
  return [text, i + 1];
}

/**
 * The cookie strings a curl command sends: the value of `-b`/`--cookie` (also written
 * `-bVALUE` or `--cookie=VALUE`) and of any `-H`/`--header` named "cookie". curl reads a
 * `-b` value without "=" as the name of a cookie file, so such a value is not cookies.
 */
function extractCookieArguments(words: string[]): string[] {
  const found: string[] = [];
  for (let i = 1; i < words.length; i += 1) {
    const word = words[i] ?? '';
    const next = words[i + 1];
    let cookie: string | undefined;
    let header: string | undefined;
    if (word === '-b' || word === '--cookie') {
      cookie = next;
      i += 1;
    } else if (word.startsWith('--cookie=')) {
      cookie = word.slice('--cookie='.length);
    } else if (/^-b./.test(word)) {
      cookie = word.slice(2);
    } else if (word === '-H' || word === '--header') {
      header = next;
      i += 1;
    } else if (word.startsWith('--header=')) {
      header = word.slice('--header='.length);
    } else if (/^-H./.test(word)) {
      header = word.slice(2);
    }
    if (header !== undefined) {
      const match = /^\s*cookie\s*:(.*)$/is.exec(header);
      cookie = match?.[1];
    }
    if (cookie !== undefined && cookie.includes('=')) found.push(cookie);
  }
  return found;
}
