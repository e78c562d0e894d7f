import { load } from 'cheerio/slim';

// The entities the site's pages actually use; anything else goes through cheerio's full
// decoder (rare, so its cost does not matter).
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  hellip: '…',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  laquo: '«',
  raquo: '»',
  para: '¶',
  sect: '§',
  shy: '\u00ad',
  zwj: '\u200d',
  zwnj: '\u200c',
  thinsp: '\u2009',
  ensp: '\u2002',
  emsp: '\u2003',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  Eacute: 'É',
  egrave: 'è',
  Egrave: 'È',
  ecirc: 'ê',
  euml: 'ë',
  aacute: 'á',
  agrave: 'à',
  acirc: 'â',
  atilde: 'ã',
  aring: 'å',
  aelig: 'æ',
  ccedil: 'ç',
  Ccedil: 'Ç',
  iacute: 'í',
  igrave: 'ì',
  icirc: 'î',
  iuml: 'ï',
  ntilde: 'ñ',
  Ntilde: 'Ñ',
  oacute: 'ó',
  ograve: 'ò',
  ocirc: 'ô',
  otilde: 'õ',
  oslash: 'ø',
  Oslash: 'Ø',
  uacute: 'ú',
  ugrave: 'ù',
  ucirc: 'û',
  yacute: 'ý',
  yuml: 'ÿ',
  Aacute: 'Á',
  Agrave: 'À',
  Acirc: 'Â',
  Aring: 'Å',
  AElig: 'Æ',
  Iacute: 'Í',
  Oacute: 'Ó',
  Uacute: 'Ú',
  iexcl: '¡',
  iquest: '¿',
};

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));?/g;

function fromCodePoint(code: number): string {
  // As browsers do: invalid code points become the replacement character.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

/** Decodes HTML character references in text or an attribute value. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  let unknown = false;
  const out = text.replace(
    ENTITY,
    (match, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
      if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
      const known = name === undefined ? undefined : NAMED[name];
      if (known !== undefined && match.endsWith(';')) return known;
      unknown = true;
      return match;
    },
  );
  if (!unknown) return out;
  return load(`<p>${out.replace(/</g, '&lt;')}</p>`, null, false).text();
}
