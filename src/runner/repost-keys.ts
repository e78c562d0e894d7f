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
const ABBREVIATIONS: Record<string, string> = {
  sr: 'senior',
  snr: 'senior',
  jr: 'junior',
  jnr: 'junior',
  mgr: 'manager',
};

/** Letters and digits; "+" and "#" stay inside words (C++, C#, F#). */
function words(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+[+#]*/gu) ?? []).map((w) => ABBREVIATIONS[w] ?? w);
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
  return words(text).join(' ');
}

/** The place folded as titles are: "München, Bayern" and "Munchen, Bayern" are one place. */
export function normalizeLocation(location: string): string {
  return words(foldText(location)).join(' ');
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

// ---- description similarity: MinHash over word shingles ----

/** Signature length: 64 minima estimate the Jaccard similarity within about ±0.06. */
export const MINHASH_SIZE = 64;
const SHINGLE_WORDS = 3;
/** Two descriptions at least this similar are one posting (decision 035 has the measurements). */
export const SAME_DESCRIPTION_SIMILARITY = 0.7;

// Fixed coefficients (a seeded PRNG, not Math.random): signatures stored by one process must
// compare with those computed by the next.
const [MULTIPLIERS, ADDENDS] = (() => {
  let state = 0x9e3779b9;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const a = new Uint32Array(MINHASH_SIZE);
  const b = new Uint32Array(MINHASH_SIZE);
  for (let k = 0; k < MINHASH_SIZE; k += 1) {
    a[k] = next() | 1;
    b[k] = next();
  }
  return [a, b];
})();

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

/**
 * The MinHash signature of a description (plain text): MINHASH_SIZE 32-bit minima over its
 * 3-word shingles, as 4·MINHASH_SIZE bytes to store beside the job. Null for a text too short to
 * say anything (fewer than 3 words). Each minimum is of a shingle's hash mixed with one of the
 * signature's coefficient pairs (murmur3's finaliser), computed one coefficient pair at a time
 * over the shingles held in a typed array: the same minima as mixing shingle by shingle, a fifth
 * faster (measured on the jobs bench's descriptions, ~350 words each).
 */
export function descriptionSignature(description: string | null): Buffer | null {
  if (description === null) return null;
  const hashes = words(foldText(description)).map(wordHash);
  if (hashes.length < SHINGLE_WORDS) return null;
  const distinct = new Set<number>();
  for (let i = 0; i + SHINGLE_WORDS <= hashes.length; i += 1) {
    distinct.add(shingleHash(hashes[i] ?? 0, hashes[i + 1] ?? 0, hashes[i + 2] ?? 0));
  }
  const shingles = Uint32Array.from(distinct);
  const minima = new Uint32Array(MINHASH_SIZE);
  for (let k = 0; k < MINHASH_SIZE; k += 1) {
    const a = MULTIPLIERS[k] ?? 1;
    const b = ADDENDS[k] ?? 0;
    let min = 0xffffffff;
    for (let i = 0; i < shingles.length; i += 1) {
      let h = (Math.imul(shingles[i] ?? 0, a) + b) >>> 0;
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      h >>>= 0;
      if (h < min) min = h;
    }
    minima[k] = min;
  }
  return Buffer.from(minima.buffer);
}

/** The estimated Jaccard similarity of two signatures (the share of equal minima), 0 to 1. */
export function signatureSimilarity(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== MINHASH_SIZE * 4 || b.length !== MINHASH_SIZE * 4) return 0;
  const left = new DataView(a.buffer, a.byteOffset, a.byteLength);
  const right = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let same = 0;
  for (let k = 0; k < MINHASH_SIZE; k += 1) {
    if (left.getUint32(k * 4, true) === right.getUint32(k * 4, true)) same += 1;
  }
  return same / MINHASH_SIZE;
}
