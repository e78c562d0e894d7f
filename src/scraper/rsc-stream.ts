/**
 * Decoding of a React Server Components stream (`text/x-component`): rows `<hex id>:<payload>`
 * separated by newlines, where a payload is JSON, a tagged row (`I[…]` module, `HL[…]` hint,
 * `E{…}` error…), or a text row `T<hex byte length>,<text>` whose text may hold newlines and
 * is not followed by one.
 */
export interface RscStream {
  /** JSON rows by id, and text rows as strings. Tagged rows are not kept. */
  rows: Map<string, unknown>;
  /** Rows recognised (any kind). */
  rowCount: number;
  /** Lines that were not rows or whose JSON did not parse. */
  malformed: number;
}

const NEWLINE = 0x0a;
const COLON = 0x3a;
const COMMA = 0x2c;
const T = 0x54;

export function decodeRscStream(body: string): RscStream {
  const buf = Buffer.from(body, 'utf8');
  const rows = new Map<string, unknown>();
  let rowCount = 0;
  let malformed = 0;
  let i = 0;
  while (i < buf.length) {
    if (buf[i] === NEWLINE || buf[i] === 0x0d) {
      i += 1;
      continue;
    }
    const lineEnd = buf.indexOf(NEWLINE, i) === -1 ? buf.length : buf.indexOf(NEWLINE, i);
    const colon = buf.indexOf(COLON, i);
    const id = colon > i && colon < lineEnd ? buf.toString('latin1', i, colon) : '';
    if (!/^[0-9a-f]{1,8}$/i.test(id)) {
      malformed += 1;
      i = lineEnd + 1;
      continue;
    }
    const start = colon + 1;
    if (buf[start] === T) {
      const comma = buf.indexOf(COMMA, start);
      const length =
        comma > start ? Number.parseInt(buf.toString('latin1', start + 1, comma), 16) : Number.NaN;
      if (Number.isFinite(length) && length >= 0 && comma + 1 + length <= buf.length) {
        rows.set(id, buf.toString('utf8', comma + 1, comma + 1 + length));
        rowCount += 1;
        i = comma + 1 + length;
        continue;
      }
      malformed += 1;
      i = lineEnd + 1;
      continue;
    }
    const payload = buf.toString('utf8', start, lineEnd);
    i = lineEnd + 1;
    if (/^[A-Z]/.test(payload)) {
      rowCount += 1;
      continue;
    }
    try {
      rows.set(id, JSON.parse(payload));
      rowCount += 1;
    } catch {
      malformed += 1;
    }
  }
  return { rows, rowCount, malformed };
}

/** The row id a string refers to ("$L1a", "$@3", "$7"), or null for text and other specials. */
export function referencedRow(value: string): string | null {
  return /^\$(?:L|@)?([0-9a-f]+)$/.exec(value)?.[1] ?? null;
}

/** A string child as text: "$$x" is an escaped "$x"; other "$…" strings are not text. */
export function rscText(value: string): string | null {
  if (value.startsWith('$$')) return value.slice(1);
  if (value.startsWith('$')) return null;
  return value;
}
