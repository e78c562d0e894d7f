import { createHash } from 'node:crypto';

// What makes two jobs "the same role" (issue 17, docs/decisions/035): the company, the title
// with its decorations taken off, and the place, each folded to a key; and a MinHash of the
// description, compared once details are known. Pure functions: the runner stores the keys, the
// list and the benchmarks read them.

/** Accents off Latin letters only: a Japanese or Cyrillic mark changes the word, not its look. */
function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

// One-letter gender tokens as job ads write them: m/w/d, m/f/d, w/m/d, f/m/x, h/f, d/m/w…
const GENDER_LETTERS = '[mwfdhxi*]';
const GENDER_RUN = `${GENDER_LETTERS}(?:\\s*[/|,]\\s*${GENDER_LETTERS}){1,3}`;
const GENDER_WORDS =
  'all genders|alle geschlechter|gn|genderneutral|m/w/div|w/m/div|m/w/divers|w/m/divers|mwd|wmd|fmd|mfd|f/m/div|m/f/div';
/** "(m/w/d)", "[m/f/d]", "m/w/d" standing alone, "(all genders)". */
const GENDER_MARKER = new RegExp(
  `[([{]\\s*(?:${GENDER_WORDS}|${GENDER_RUN})\\s*[)\\]}]|(?<![\\p{L}\\p{N}])(?:${GENDER_RUN})(?![\\p{L}\\p{N}])`,
  'giu',
);
/** German gender suffixes on a word: Entwickler*in, Entwickler:in, Entwickler/in, Entwickler_in, Entwickler(in). */
const GENDER_SUFFIX = /(\p{L})(?:[*:_/]in(?:nen)?|\(in(?:nen)?\))(?![\p{L}\p{N}])/gu;

/** Words a reposted ad adds or drops at its end (or start) without changing the role. */
const DECORATION =
  '(?:100\\s*%\\s*)?remote(?:[\\s-]first)?|fully remote|hybrid|on[\\s-]?site|onsite|in[\\s-]office|' +
  'contract(?:or)?|freelance|full[\\s-]?time|permanent|temp(?:orary)?|urgent(?:ly hiring)?|' +
  'immediate start|new|hiring|homeoffice|home office|remote possible|remote möglich|' +
  'vollzeit|teilzeit|festanstellung|befristet|unbefristet';
/** "(Remote)", "[Contract]" anywhere; "- Remote", "– Contract", "| Hybrid", ": Remote" at the end. */
const BRACKETED_DECORATION = new RegExp(
  `[([{]\\s*(?:${DECORATION})(?:\\s*[,/|&]\\s*(?:${DECORATION}))*\\s*[)\\]}]`,
  'giu',
);
const TRAILING_DECORATION = new RegExp(
  `\\s*(?:[-–—|:,/]\\s*)+(?:${DECORATION})(?:\\s*[,/|&]\\s*(?:${DECORATION}))*\\s*$`,
  'iu',
);
const LEADING_DECORATION = new RegExp(`^\\s*(?:${DECORATION})\\s*[:!|–—-]+\\s*`, 'iu');

/** Abbreviations reposts swap for the word: "Sr. Data Engineer" is "Senior Data Engineer". */
// A Map, not an object: a word like "constructor" must not find Object.prototype's.
const ABBREVIATIONS = new Map([
  ['sr', 'senior'],
  ['snr', 'senior'],
  ['jr', 'junior'],
  ['jnr', 'junior'],
  ['mgr', 'manager'],
]);

/** Letters and digits; "+" and "#" stay inside words (C++, C#, F#). */
function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+[+#]*/gu) ?? [];
}

/** A title's words, abbreviations written out. */
function titleWords(text: string): string[] {
  return words(text).map((w) => ABBREVIATIONS.get(w) ?? w);
}

/**
 * The title with what reposts change taken off: case, accents, punctuation, gender markers,
 * "(Remote)" / "– Contract" and the like, and the job's own place as a trailing " - Berlin".
 * Empty when nothing but decoration is left (such a title never makes a repost).
 */
export function normalizeTitle(title: string, location = ''): string {
  let text = foldText(title)
    .replace(GENDER_MARKER, ' ')
    .replace(GENDER_SUFFIX, '$1')
    .replace(BRACKETED_DECORATION, ' ');
  const place = foldText(location.split(',')[0] ?? '').trim();
  for (let round = 0; round < 4; round += 1) {
    const before = text;
    text = text.replace(TRAILING_DECORATION, '').replace(LEADING_DECORATION, '');
    if (place) {
      const at = text.lastIndexOf(place);
      // "Data Engineer - Berlin" / "Data Engineer (Berlin)": the place the job is in anyway.
      if (
        at > 0 &&
        text
          .slice(at + place.length)
          .trim()
          .replace(/[)\]]/g, '') === ''
      ) {
        const head = text.slice(0, at).replace(/[\s\-–—|:,/([]+$/u, '');
        if (head !== text.slice(0, at) && head !== '') text = head;
      }
    }
    if (text === before) break;
  }
  return titleWords(text).join(' ');
}

/** The place folded as titles are: "München, Bayern" and "Munchen, Bayern" are one place. */
export function normalizeLocation(location: string): string {
  return titleWords(foldText(location)).join(' ');
}

const hash16 = (text: string): string =>
  createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * The key a repost shares with its earlier job: company (its normalised name; an id or link that
 * differs is checked apart), normalised title, and place. Null when the title or company says
 * nothing (an empty normalised title matches nothing).
 */
export function repostKey(
  companyNormalized: string,
  title: string,
  location: string,
): string | null {
  return jobKeys(companyNormalized, title, location).repost;
}

/** Both keys of a job from one normalisation of its title (the store computes both per card). */
export function jobKeys(
  companyNormalized: string,
  title: string,
  location: string,
): { repost: string | null; role: string | null } {
  const role = roleKey(companyNormalized, title, location);
  const repost = role === null ? null : hash16(`${role}\u0000${normalizeLocation(location)}`);
  return { repost, role };
}

/** The same role whatever the place: the group a job belongs to when there are several places. */
export function roleKey(companyNormalized: string, title: string, location: string): string | null {
  const normalized = normalizeTitle(title, location);
  if (normalized === '' || companyNormalized === '') return null;
  return hash16(`${companyNormalized}\u0000${normalized}`);
}

// ---- description similarity: one-permutation MinHash over word shingles ----

/** Signature length: 64 bins estimate the Jaccard similarity within about ±0.06. */
export const MINHASH_SIZE = 64;
/** Each bin's minimum is kept as 16 bits: two different minima collide once in 65,536. */
export const SIGNATURE_BYTES = MINHASH_SIZE * 2;
const SHINGLE_WORDS = 3;
/** Two descriptions at least this similar are one posting (decision 035 has the measurements). */
export const SAME_DESCRIPTION_SIMILARITY = 0.7;

/** FNV-1a of a word, 32 bits. */
function wordHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A shingle of three words' hashes, mixed in order (so "a b c" and "c b a" differ). */
function shingleHash(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul((h ^ (h >>> 13)) + b, 0xc2b2ae35);
  h = Math.imul((h ^ (h >>> 16)) + c, 0x27d4eb2d);
  return (h ^ (h >>> 15)) >>> 0;
}

/** murmur3's finaliser: every input bit moves every output bit. */
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const EMPTY = 0xffffffff;

/**
 * The signature of a description (plain text): one-permutation MinHash over its 3-word shingles
 * (Li, Owen & Zhang 2012). Each shingle is hashed once; the hash's top 6 bits pick one of 64 bins
 * and the bin keeps the least of the other 26 bits. A bin no shingle fell in borrows the value of
 * the bin a fixed sequence of hashes of its index leads to (optimal densification, Shrivastava
 * 2017), so two texts compare bin by bin like 64 independent minima. One hash per shingle instead
 * of 64: ~200 -> ~10 µs a description (decision 035). Stored as 64 × 16 bits; null for a text
 * too short to say anything (fewer than 3 words).
 */
export function descriptionSignature(description: string | null): Buffer | null {
  if (description === null) return null;
  const hashes = words(foldText(description)).map(wordHash);
  if (hashes.length < SHINGLE_WORDS) return null;
  const bins = new Uint32Array(MINHASH_SIZE).fill(EMPTY);
  for (let i = 0; i + SHINGLE_WORDS <= hashes.length; i += 1) {
    const h = mix(shingleHash(hashes[i] ?? 0, hashes[i + 1] ?? 0, hashes[i + 2] ?? 0));
    const bin = h >>> 26;
    const value = h & 0x3ffffff;
    if (value < (bins[bin] ?? EMPTY)) bins[bin] = value;
  }
  const signature = Buffer.alloc(SIGNATURE_BYTES);
  for (let bin = 0; bin < MINHASH_SIZE; bin += 1) {
    let value = bins[bin] ?? EMPTY;
    // At least one bin holds a value (there is a shingle), so the walk ends.
    for (let attempt = 1; value === EMPTY; attempt += 1) {
      value = bins[mix(Math.imul(bin + 1, 0x9e3779b1) ^ attempt) >>> 26] ?? EMPTY;
    }
    signature.writeUInt16LE(value & 0xffff, bin * 2);
  }
  return signature;
}

/** Whether a stored signature is of this format (older rows may hold another). */
export function isSignature(value: Uint8Array | null): value is Uint8Array {
  return value !== null && value.length === SIGNATURE_BYTES;
}

/** The estimated Jaccard similarity of two signatures (the share of equal bins), 0 to 1. */
export function signatureSimilarity(a: Uint8Array, b: Uint8Array): number {
  if (!isSignature(a) || !isSignature(b)) return 0;
  let same = 0;
  for (let k = 0; k < SIGNATURE_BYTES; k += 2) {
    if (a[k] === b[k] && a[k + 1] === b[k + 1]) same += 1;
  }
  return same / MINHASH_SIZE;
}
