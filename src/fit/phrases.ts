import { capitalAt, tokenize, type Tokens } from './tokens';
import { STEM_LANGUAGES, type StemLanguage } from './words';

// Finding words and phrases (a skill, its aliases, a dealbreaker) in a job's words: each phrase is
// stemmed once, filed under its first stem, and a text is read once, a map look-up per word.

/**
 * Words that are also skills only when written as a name: "Go", "R", "Swift", "Rust", "Excel".
 * As a one-word phrase they match only a word starting with a capital ("go above and beyond"
 * is no Go).
 */
// prettier-ignore
const COMMON_WORDS = new Set([
  'go', 'r', 'c', 'd', 'v', 'swift', 'rust', 'spring', 'excel', 'word', 'access', 'dart', 'julia',
  'ruby', 'express', 'flask', 'react', 'chef', 'puppet', 'salt', 'ant', 'make', 'shell', 'office',
  'teams', 'slack', 'notion', 'spark', 'hive', 'pig', 'storm', 'beam', 'jest', 'mocha', 'sketch',
  'unity', 'sage', 'lean', 'less', 'sass', 'nest', 'next', 'remix', 'solid', 'backbone',
  'electron', 'crystal', 'mode', 'helm', 'vault', 'consul', 'nomad', 'packer', 'fish', 'bash',
  'elastic', 'circle', 'bamboo', 'snowflake', 'envoy', 'ionic', 'ember', 'meteor', 'rails',
]);

export interface Phrase {
  /** The phrase's stems, in order. */
  readonly stems: readonly string[];
  /** What a hit counts for (an index the caller gives meaning to). */
  readonly target: number;
  /** A one-word name that is also a common word: it must be written with a capital. */
  readonly named: boolean;
}

/** Phrases by their first stem, for one language. */
export type PhraseIndex = ReadonlyMap<string, readonly Phrase[]>;
/** One index per language a job can be stemmed in. */
export type PhraseIndexes = Readonly<Record<StemLanguage, PhraseIndex>>;

export interface PhraseSource {
  text: string;
  target: number;
}

/** A phrase's stems in `lang` (empty when it has no word at all, e.g. "+++"). */
export function stemsOf(text: string, lang: StemLanguage): string[] {
  return [...tokenize(text, lang).stems];
}

function add(index: Map<string, Phrase[]>, phrase: Phrase): void {
  const first = phrase.stems[0];
  if (first === undefined) return;
  const list = index.get(first);
  const same = (p: Phrase): boolean =>
    p.target === phrase.target && p.stems.join(' ') === phrase.stems.join(' ');
  if (!list) index.set(first, [phrase]);
  else if (!list.some(same)) list.push(phrase);
}

/** Files each source's stems, in each language, under its first stem. */
export function buildPhraseIndexes(sources: Iterable<PhraseSource>): PhraseIndexes {
  const en = new Map<string, Phrase[]>();
  const de = new Map<string, Phrase[]>();
  for (const source of sources) {
    for (const lang of STEM_LANGUAGES) {
      const tokens = tokenize(source.text, lang);
      const named = tokens.count === 1 && COMMON_WORDS.has(tokens.folded[0] ?? '');
      add(lang === 'en' ? en : de, { stems: tokens.stems, target: source.target, named });
    }
  }
  return { en, de };
}

/**
 * Several indexes read as one (a profile's own terms beside the skill list), each one's targets
 * moved up by its offset so they stay apart.
 */
export function mergePhraseIndexes(
  parts: ReadonlyArray<{ indexes: PhraseIndexes; offset: number }>,
): PhraseIndexes {
  const merged = (lang: StemLanguage): Map<string, Phrase[]> => {
    const into = new Map<string, Phrase[]>();
    for (const { indexes, offset } of parts)
      for (const [first, phrases] of indexes[lang]) {
        const moved = phrases.map((p) => (offset === 0 ? p : { ...p, target: p.target + offset }));
        const list = into.get(first);
        if (list) list.push(...moved);
        else into.set(first, moved);
      }
    return into;
  };
  return { en: merged('en'), de: merged('de') };
}

/**
 * Calls `hit` for every phrase found in `tokens`, with the target and the phrase's first and last
 * word. A phrase stays inside one sentence.
 */
export function findPhrases(
  tokens: Tokens,
  indexes: PhraseIndexes,
  hit: (target: number, first: number, last: number) => void,
): void {
  const index = indexes[tokens.lang];
  const { stems, sentence, count } = tokens;
  for (let i = 0; i < count; i += 1) {
    const phrases = index.get(stems[i] ?? '');
    if (phrases === undefined) continue;
    for (const phrase of phrases) {
      const last = i + phrase.stems.length - 1;
      if (last >= count) continue;
      let whole = true;
      for (let k = 1; whole && k < phrase.stems.length; k += 1)
        whole = stems[i + k] === phrase.stems[k] && sentence[i + k] === sentence[i];
      if (whole && phrase.named && !capitalAt(tokens, i)) whole = false;
      if (whole) hit(phrase.target, i, last);
    }
  }
}
