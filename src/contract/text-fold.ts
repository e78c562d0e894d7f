// How the search index cuts and folds words (src/db/jobs/jobs-fts.ts: FTS5's unicode61 with
// remove_diacritics 2), for everything that must agree with it: the Jobs screen's highlighting
// and the rules' matcher. Letters and digits make words; anything else (marks included) parts them.

const WORD = /[\p{L}\p{N}]+/gu;

const ASCII = /^[\0-\x7f]*$/;
/** A Latin letter's marks: the only ones FTS5's remove_diacritics takes off. */
const LATIN_MARKS = /(\p{Script=Latin})\p{M}+/gu;

/**
 * Lower case without accents on Latin letters, as the index folds words: Café → cafe, RÉSUMÉ →
 * resume, Nguyễn → nguyen; a mark that makes another script's letter stays (データ, ёлка, άλφα).
 */
export function foldWord(word: string): string {
  // Most words are ASCII, which decomposition and mark removal leave as they are: a
  // description's ~350 words folded about 4 times faster (the runner folds every new job's).
  if (ASCII.test(word)) return word.toLowerCase();
  return word.toLowerCase().normalize('NFD').replace(LATIN_MARKS, '$1').normalize('NFC');
}

/** The words of a text as the index holds them: cut at anything but letters and digits, folded. */
export function indexWords(text: string): string[] {
  // The runner cuts every new job's description (~350 words) for the rules: an ASCII text is
  // lower-cased once and cut in one call, the others word by word; `match` answers strings where
  // `matchAll` builds an object per word.
  if (ASCII.test(text)) return text.toLowerCase().match(WORD) ?? [];
  return (text.match(WORD) ?? []).map(foldWord);
}

/** Each word of a text with where it stands, unfolded: for marking matches in the text itself. */
export function wordSpans(text: string): { word: string; start: number; end: number }[] {
  return Array.from(text.matchAll(WORD), (m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}
