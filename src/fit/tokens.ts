import { stemOfWord, wordAt, type StemLanguage, type Word } from './words';

/**
 * A text cut into words, each with where it stands, its folded and stemmed forms, and the clause
 * and sentence it belongs to: what every reader of a job (skills, years, languages) walks.
 * Parallel arrays rather than an object per word: a description has ~600 words and the scorer
 * reads tens of thousands of descriptions a second.
 */
export interface Tokens {
  readonly text: string;
  /** The language the words were stemmed in (the text's own, unless the caller chose). */
  readonly lang: StemLanguage;
  /**
   * The language the text is plainly written in (at least WRITTEN_MIN of its function words, more
   * than of the other's); null for a short text, a list of words, or another language.
   */
  readonly written: StemLanguage | null;
  readonly count: number;
  /** [start, end) of each word in `text`. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly folded: readonly string[];
  readonly stems: readonly string[];
  /** Clauses end at , ; | bullets and dashes as well as at sentence ends (not at a colon). */
  readonly clause: Int32Array;
  /** Sentences end at . ! ? before a space, and at line breaks (list items are lines). */
  readonly sentence: Int32Array;
  /** The words that start a reader's cue (cue-words.ts), and the cues of each, in order. */
  readonly cued: readonly number[];
  readonly cues: readonly number[];
}

// Letters, digits and marks make a word, with the signs that make a skill's name: C++ and C# keep
// them, a dot between letters stays inside ("Node.js", "ASP.NET", "3.5"), and ".NET" keeps its
// dot when it starts the word. A hand-written scanner rather than a regular expression: it finds
// the words and what parts them in one pass.

const NONE = 0;
const CLAUSE = 1;
const SENTENCE = 2;

/** A text with fewer function words of its language than this is not plainly written in it. */
const WRITTEN_MIN = 4;

const UNICODE_WORD = /[\p{L}\p{N}\p{M}]/u;
/** For each UTF-16 unit above ASCII: 0 not yet known, 1 part of a word, 2 not. */
const wideKinds = new Uint8Array(65536);

/** ASCII's letters and digits. */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c += 1)
  ASCII_WORD[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) ? 1 : 0;

function isWordCode(code: number): boolean {
  if (code < 128) return ASCII_WORD[code] === 1;
  let kind = wideKinds[code];
  if (kind === 0) {
    // A surrogate half stands for a letter of another plane (an emoji is rare in a job).
    const surrogate = code >= 0xd800 && code <= 0xdfff;
    kind = surrogate || UNICODE_WORD.test(String.fromCharCode(code)) ? 1 : 2;
    wideKinds[code] = kind;
  }
  return kind === 1;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 0xa0;
}

/** What the character at `i` (no word's) ends: nothing, a clause, or a sentence. */
function cutAt(text: string, i: number, code: number): number {
  if (code === 10) return SENTENCE;
  // . ! ? end a sentence when a space follows: "Node.js" and "3.5" stay whole.
  if (code === 46 || code === 33 || code === 63)
    return isSpace(text.charCodeAt(i + 1)) ? SENTENCE : NONE;
  // , ; | • – — end a clause, and so does a dash after a space (not a colon: "Languages: German").
  if (
    code === 44 ||
    code === 59 ||
    code === 124 ||
    code === 0x2022 ||
    code === 0x2013 ||
    code === 0x2014
  )
    return CLAUSE;
  if (code === 45 && isSpace(text.charCodeAt(i - 1))) return CLAUSE;
  return NONE;
}

/** Where the word starting at `start` ends. */
function wordEnd(text: string, start: number): number {
  const length = text.length;
  let i = start + 1;
  for (;;) {
    while (i < length && isWordCode(text.charCodeAt(i))) i += 1;
    // A dot between two word characters is inside the word.
    if (i + 1 < length && text.charCodeAt(i) === 46 && isWordCode(text.charCodeAt(i + 1))) i += 2;
    else break;
  }
  const code = text.charCodeAt(i);
  if (code === 43 && text.charCodeAt(i + 1) === 43) return i + 2; // C++
  if (code === 35 && !isWordCode(text.charCodeAt(i + 1))) return i + 1; // C#
  return i;
}

/** ".NET", ".js": a dot that starts a word, after a space, a bracket or the text's start. */
function dotStarts(text: string, i: number): boolean {
  return i > 0 && text.charCodeAt(i - 1) === 46 && (i === 1 || !isWordCode(text.charCodeAt(i - 2)));
}

// Where tokenize writes each word's numbers as it reads, grown as a text needs; each text's are
// copied out at the end (typed arrays: no growing arrays of numbers for each description).
let scratch = new Int32Array(4 * 1024);

/** Cuts `text` into words; stems them in `lang`, or in the language the text is written in. */
export function tokenize(text: string, lang?: StemLanguage): Tokens {
  // Words are parted by at least one other character: at most half the text, rounded up.
  const most = (text.length >> 1) + 1;
  if (scratch.length < most * 4) scratch = new Int32Array(most * 4);
  const at = scratch;
  let count = 0;
  const words: Word[] = [];
  const cued: number[] = [];
  const cues: number[] = [];
  let clauseNo = 0;
  let sentenceNo = 0;
  let cut = NONE;
  let english = 0;
  let german = 0;
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    if (!isWordCode(code)) {
      const here = cutAt(text, i, code);
      if (here > cut) cut = here;
      i += 1;
      continue;
    }
    const start = dotStarts(text, i) ? i - 1 : i;
    const end = wordEnd(text, i);
    if (count > 0 && cut !== NONE) {
      clauseNo += 1;
      if (cut === SENTENCE) sentenceNo += 1;
    }
    cut = NONE;
    const word = wordAt(text, start, end);
    if (word.marker === 'en') english += 1;
    else if (word.marker === 'de') german += 1;
    if (word.cues !== 0) {
      cued.push(count);
      cues.push(word.cues);
    }
    at[count * 4] = start;
    at[count * 4 + 1] = end;
    at[count * 4 + 2] = clauseNo;
    at[count * 4 + 3] = sentenceNo;
    words.push(word);
    count += 1;
    i = end;
  }
  const found: StemLanguage = german > english ? 'de' : 'en';
  const language = lang ?? found;
  const written = Math.max(english, german) >= WRITTEN_MIN ? found : null;
  const column = (k: number): Int32Array => {
    const out = new Int32Array(count);
    for (let w = 0; w < count; w += 1) out[w] = at[w * 4 + k] ?? 0;
    return out;
  };
  return {
    text,
    lang: language,
    written,
    count,
    starts: column(0),
    ends: column(1),
    folded: words.map((w) => w.folded),
    stems: words.map((w) => stemOfWord(w, language)),
    clause: column(2),
    sentence: column(3),
    cued,
    cues,
  };
}

/** The first character of word `i` is a capital (Go the language, not go the verb). */
export function capitalAt(tokens: Tokens, i: number): boolean {
  const first = tokens.text.charAt(tokens.starts[i] ?? 0);
  return first !== first.toLowerCase();
}
