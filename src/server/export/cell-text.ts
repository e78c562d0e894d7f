/** Excel refuses a cell holding more than 32,767 characters (Excel specifications and limits). */
export const EXCEL_MAX_CELL_TEXT = 32_767;

// Characters XML 1.0 does not allow anywhere, not even escaped: C0 controls other than tab,
// newline and carriage return, the two non-characters U+FFFE/U+FFFF, and halves of a
// surrogate pair that have lost their partner. One of them in a sheet makes Excel report
// the whole file as corrupt, and scraped text (job descriptions) does carry them.
const ILLEGAL_XML_CHARS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// Any character that one of the replacements below would touch (\r included).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_CLEANING = /[\u0000-\u0008\u000B-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

// The same, for long text, as single characters: see needsCleaning.
const CLEANED_CHARS: readonly string[] = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).filter(
    (c) => c !== '\t' && c !== '\n',
  ),
  '\uFFFE',
  '\uFFFF',
];

const XML_SPECIAL = /[&<>"]/;
const XML_SPECIAL_ALL = /[&<>"]/g;
const XML_SPECIAL_CHARS: readonly string[] = ['&', '<', '>', '"'];
const XML_ENTITY: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

// What toCellText would change plus what XML text must escape: one scan tells whether a
// short cell's text can go into the sheet as it is, the common case.
const NEEDS_CLEANING_OR_ESCAPING =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B-\u001F\uD800-\uDFFF\uFFFE\uFFFF&<>"]/;

/**
 * From this length on, text is checked with `includes` per character instead of one
 * regular expression. A regex character class costs ~2 ns a character (an export scans
 * ~350 MB of descriptions); `includes` of one character is a memchr, ~60× faster each, so
 * ~35 of them still win on long text, while on short text their fixed cost would not.
 */
const LONG_TEXT = 256;

// String.prototype.isWellFormed (Node 20+; not in this project's ES2023 type library):
// false when the text has a lone surrogate, answered without a scan for Latin-1 text.
const isWellFormedMethod: unknown = Reflect.get(String.prototype, 'isWellFormed');
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasLoneSurrogate(text: string): boolean {
  if (typeof isWellFormedMethod === 'function') {
    return Reflect.apply(isWellFormedMethod, text, []) !== true;
  }
  return LONE_SURROGATE.test(text);
}

function includesAny(text: string, chars: readonly string[]): boolean {
  for (const c of chars) if (text.includes(c)) return true;
  return false;
}

/** Whether toCellText has anything to remove or replace in `text`. */
function needsCleaning(text: string): boolean {
  if (text.length < LONG_TEXT) return NEEDS_CLEANING.test(text);
  // Well-formed surrogate pairs (emoji) need nothing: only lone halves count here.
  return includesAny(text, CLEANED_CHARS) || hasLoneSurrogate(text);
}

function needsEscaping(text: string): boolean {
  return text.length < LONG_TEXT ? XML_SPECIAL.test(text) : includesAny(text, XML_SPECIAL_CHARS);
}

/**
 * Makes any text safe to store in one cell: characters illegal in XML removed, line breaks
 * made "\n" (Excel's in-cell line break; an XML reader turns a raw "\r\n" into "\n" anyway,
 * and a lone "\r" shows as nothing), then cut at
 * Excel's 32,767-character limit (counted in UTF-16 units, as Excel counts), never between
 * the two halves of a surrogate pair.
 */
export function toCellText(text: string): string {
  // Most text has none of these: one quick check spares the two replacements (an export
  // runs this on every cell of 100,000 rows).
  const clean = needsCleaning(text)
    ? text.replace(ILLEGAL_XML_CHARS, '').replace(/\r\n?/g, '\n')
    : text;
  if (clean.length <= EXCEL_MAX_CELL_TEXT) return clean;
  const cut = clean.slice(0, EXCEL_MAX_CELL_TEXT);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Escapes text for XML element content or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return needsEscaping(text) ? text.replace(XML_SPECIAL_ALL, (c) => XML_ENTITY[c] ?? c) : text;
}

/**
 * toCellText, then escaped for the sheet XML: the text of one cell as it goes between
 * `<t>` and `</t>`. The cut counts characters before escaping, as Excel counts them.
 */
export function toCellXml(text: string): string {
  if (text.length < LONG_TEXT && !NEEDS_CLEANING_OR_ESCAPING.test(text)) return text;
  return escapeXml(toCellText(text));
}
