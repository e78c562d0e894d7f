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

/**
 * Makes any text safe to store in one cell: characters illegal in XML removed, line breaks
 * made "\n" (Excel's in-cell line break; an XML reader turns a raw "\r\n" into "\n" anyway,
 * and a lone "\r" shows as nothing), then cut at
 * Excel's 32,767-character limit (counted in UTF-16 units, as Excel counts), never between
 * the two halves of a surrogate pair.
 */
export function toCellText(text: string): string {
  // Most text has none of these: one quick scan spares the two replacements (an export
  // runs this on every cell of 100,000 rows).
  const clean = NEEDS_CLEANING.test(text)
    ? text.replace(ILLEGAL_XML_CHARS, '').replace(/\r\n?/g, '\n')
    : text;
  if (clean.length <= EXCEL_MAX_CELL_TEXT) return clean;
  const cut = clean.slice(0, EXCEL_MAX_CELL_TEXT);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
