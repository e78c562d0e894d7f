// Legal forms dropped when comparing company names; longest first so "Co., Ltd." goes whole.
const LEGAL_SUFFIXES = [
  'co., ltd.',
  'co. ltd.',
  'co., ltd',
  'pvt. ltd.',
  'pvt ltd',
  'private limited',
  'incorporated',
  'corporation',
  'limited',
  'gmbh & co. kg',
  'gmbh & co kg',
  'inc.',
  'inc',
  'llc',
  'l.l.c.',
  'llp',
  'ltd.',
  'ltd',
  'gmbh',
  'corp.',
  'corp',
  's.a.',
  'sa',
  's.a.s.',
  'sas',
  's.r.l.',
  'srl',
  'ag',
  'plc',
  'co.',
  'co',
  'bv',
  'b.v.',
  'nv',
  'n.v.',
  'oy',
  'ab',
  'as',
  'a/s',
  'kg',
  'se',
  'pty ltd',
  'pty. ltd.',
  'k.k.',
]
  // Trailing punctuation is stripped before matching, so the suffixes are compared without it.
  .map((suffix) => suffix.replace(/\.+$/, ''))
  .filter((suffix, i, all) => all.indexOf(suffix) === i)
  .sort((a, b) => b.length - a.length);

/**
 * The form used to compare and store company names: lower case, trimmed, whitespace
 * collapsed, legal suffixes ("Inc.", "LLC", "GmbH", …) and trailing punctuation dropped.
 * "Acme, Inc." and "ACME  Inc" both become "acme".
 */
export function normalizeCompanyName(name: string): string {
  let text = name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  for (let changed = true, rounds = 0; changed && rounds < 4; rounds += 1) {
    changed = false;
    text = text.replace(/[\s,.;:!?·\-–—]+$/u, '');
    for (const suffix of LEGAL_SUFFIXES) {
      if (text.length > suffix.length && text.endsWith(suffix)) {
        const before = text.slice(0, text.length - suffix.length);
        // Only a whole word counts: "Lidl" must not lose its "l", "Saga" must stay "saga".
        if (/[\s,]$/.test(before)) {
          text = before.replace(/[\s,]+$/, '');
          changed = true;
          break;
        }
      }
    }
  }
  return text.replace(/[\s,.;:!?·\-–—]+$/u, '');
}
