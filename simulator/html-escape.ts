const BASIC: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const NAMED: Record<string, string> = {
  ä: '&auml;',
  ö: '&ouml;',
  ü: '&uuml;',
  Ä: '&Auml;',
  Ö: '&Ouml;',
  Ü: '&Uuml;',
  ß: '&szlig;',
  é: '&eacute;',
  '–': '&ndash;',
  '’': '&rsquo;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => BASIC[c] ?? c);
}

/**
 * Escapes like `escapeHtml`, and also writes some non-ASCII letters as named or numeric
 * entities, as parts of the site do: the parser must decode all of them.
 */
export function escapeHtmlWithEntities(text: string, numeric: boolean): string {
  return escapeHtml(text).replace(/[äöüÄÖÜßé–’]/g, (c) =>
    numeric ? `&#${c.codePointAt(0) ?? 63};` : (NAMED[c] ?? c),
  );
}
