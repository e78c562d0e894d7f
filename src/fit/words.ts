import { stemmer as stemEnglish } from '@orama/stemmers/english';
import { stemmer as stemGerman } from '@orama/stemmers/german';
import { foldWord } from '../contract/text-fold';
import { cuesOf } from './cue-words';

// Words as the scorer compares them: folded as the search index folds them (case and Latin
// accents off), then stemmed by Snowball's German or Porter's English stemmer from
// @orama/stemmers (decision 061 has the comparison). A job's words are stemmed in its own
// language; a profile's terms are stemmed in both, so either side meets the other.

/** The languages whose stemmers the scorer has: a text in any other is read as English. */
export const STEM_LANGUAGES = ['en', 'de'] as const;
export type StemLanguage = (typeof STEM_LANGUAGES)[number];

const STEMMERS: Record<StemLanguage, (word: string) => string> = {
  en: stemEnglish,
  de: stemGerman,
};

/** Only Latin words are stemmed: a number, "c++", ".net" or データ stays as it is. */
const STEMMABLE = /^[a-zß]{3,}$/;

/** A word as written, with its folded form, its stems (made when first asked) and its language marker. */
export interface Word {
  /** As written. */
  readonly raw: string;
  readonly folded: string;
  en: string | undefined;
  de: string | undefined;
  /** A function word that tells its language (the, und): counted to tell a text's language. */
  readonly marker: StemLanguage | null;
  /** The readers' cues the word starts (cue-words.ts), 0 for most words. */
  readonly cues: number;
}

// Function words that tell German from English; a text with more German ones is stemmed as German.
// prettier-ignore
const ENGLISH_MARKERS = new Set(['the', 'and', 'with', 'for', 'you', 'our', 'are', 'will', 'this', 'of', 'to', 'in', 'is', 'we']);
// prettier-ignore
const GERMAN_MARKERS = new Set(['und', 'der', 'die', 'das', 'mit', 'fur', 'sie', 'wir', 'ist', 'sind', 'zu', 'von', 'eine', 'den', 'dem', 'bei', 'auf', 'oder', 'ihre', 'unsere']);

// A description's ~600 words are mostly the same few thousand: each is folded and stemmed once
// per process, and found again without being cut out of its text. An open-addressing table keyed
// by a hash of the characters (a Map would need the word as its own string first, and hash it
// again), cleared whole when half full, so a long run cannot grow it forever; the answers do not
// depend on what it holds.
const SLOTS = 1 << 18;
const MASK = SLOTS - 1;
/** Each slot: 0 empty, else 1 + the word's index in `words`. */
const slots = new Int32Array(SLOTS);
const words: Word[] = [];

/** The hash the table files text[start, end) under. */
function hashOf(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function sameText(raw: string, text: string, start: number, end: number): boolean {
  return raw.length === end - start && text.startsWith(raw, start);
}

function newWord(raw: string): Word {
  const folded = foldWord(raw);
  const marker = ENGLISH_MARKERS.has(folded) ? 'en' : GERMAN_MARKERS.has(folded) ? 'de' : null;
  return { raw, folded, en: undefined, de: undefined, marker, cues: cuesOf(folded) };
}

/** The table's entry for the word text[start, end), made on first sight. */
export function wordAt(text: string, start: number, end: number): Word {
  let slot = hashOf(text, start, end) & MASK;
  for (;;) {
    const id = slots[slot] ?? 0;
    if (id === 0) break;
    const word = words[id - 1];
    if (word && sameText(word.raw, text, start, end)) return word;
    slot = (slot + 1) & MASK;
  }
  if (words.length >= SLOTS / 2) {
    slots.fill(0);
    words.length = 0;
    return wordAt(text, start, end);
  }
  const word = newWord(text.slice(start, end));
  words.push(word);
  slots[slot] = words.length;
  return word;
}

/** A word's stem in `lang`, made on first asking: "Databases" → "databas". */
export function stemOfWord(word: Word, lang: StemLanguage): string {
  let stem = word[lang];
  if (stem === undefined) {
    stem = STEMMABLE.test(word.folded) ? STEMMERS[lang](word.folded) : word.folded;
    word[lang] = stem;
  }
  return stem;
}
