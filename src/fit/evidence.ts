import type { FitEvidence } from '../contract/fit';
import type { Tokens } from './tokens';

type EvidenceField = FitEvidence['field'];

/** The longest sentence shown whole; a longer one is cut around its marks. */
export const EVIDENCE_MAX_CHARS = 240;
/** How much of the sentence before the first mark a cut sentence keeps. */
const LEAD_CHARS = 80;

/** A word range [first, last] in a Tokens. */
export type WordRange = readonly [first: number, last: number];

/** The whole of a short field (a title, a location) with marks on `ranges`. */
export function fieldEvidence(
  field: EvidenceField,
  tokens: Tokens,
  ranges: readonly WordRange[],
): FitEvidence {
  return cutEvidence(field, tokens.text, 0, tokens.text.length, marksOf(tokens, ranges));
}

/** A field's text shown as it is, with nothing marked (the site's seniority, a salary). */
export function plainEvidence(field: EvidenceField, text: string): FitEvidence {
  return cutEvidence(field, text, 0, text.length, []);
}

function marksOf(tokens: Tokens, ranges: readonly WordRange[]): Array<[number, number]> {
  return ranges
    .map(([first, last]): [number, number] => [tokens.starts[first] ?? 0, tokens.ends[last] ?? 0])
    .sort((a, b) => a[0] - b[0]);
}

/** The sentence `ranges` stand in (all in one sentence: the first's), with each range marked. */
export function sentenceEvidence(
  field: EvidenceField,
  tokens: Tokens,
  ranges: readonly WordRange[],
): FitEvidence {
  const at = ranges[0]?.[0] ?? 0;
  const which = tokens.sentence[at];
  let first = at;
  while (first > 0 && tokens.sentence[first - 1] === which) first -= 1;
  let last = at;
  while (last + 1 < tokens.count && tokens.sentence[last + 1] === which) last += 1;
  const start = tokens.starts[first] ?? 0;
  let end = tokens.ends[last] ?? 0;
  // The sentence's closing sign belongs to it.
  while (end < tokens.text.length && '.!?)"'.includes(tokens.text.charAt(end))) end += 1;
  const inside = ranges.filter(([f]) => tokens.sentence[f] === which);
  return cutEvidence(field, tokens.text, start, end, marksOf(tokens, inside));
}

/**
 * Evidence for hits spread over a text: one per sentence, the first `max` sentences, each hit
 * marked in its own sentence.
 */
export function sentencesEvidence(
  field: EvidenceField,
  tokens: Tokens,
  ranges: readonly WordRange[],
  max: number,
): FitEvidence[] {
  const bySentence = new Map<number, WordRange[]>();
  for (const range of ranges) {
    const which = tokens.sentence[range[0]] ?? 0;
    const list = bySentence.get(which);
    if (list) list.push(range);
    else if (bySentence.size < max) bySentence.set(which, [range]);
  }
  return [...bySentence.values()].map((inside) => sentenceEvidence(field, tokens, inside));
}

/** text[start, end) with marks given in text's positions, cut to EVIDENCE_MAX_CHARS around them. */
function cutEvidence(
  field: EvidenceField,
  text: string,
  start: number,
  end: number,
  marks: ReadonlyArray<[number, number]>,
): FitEvidence {
  let from = start;
  let to = end;
  if (to - from > EVIDENCE_MAX_CHARS) {
    const firstMark = marks[0]?.[0] ?? from;
    from = Math.max(from, firstMark - LEAD_CHARS);
    // Start at a word, not inside one.
    while (from > start && /\S/.test(text.charAt(from - 1))) from -= 1;
    to = Math.min(to, from + EVIDENCE_MAX_CHARS);
    while (to < end && /\S/.test(text.charAt(to))) to += 1;
  }
  const head = from > start ? '… ' : '';
  const tail = to < end ? ' …' : '';
  // Line breaks become spaces one for one, so the marks' offsets hold.
  const shown = text.slice(from, to).replace(/[\r\n\t]/g, ' ');
  const shift = head.length - from;
  const kept = marks
    .filter(([a, b]) => a >= from && b <= to)
    .map(([a, b]): [number, number] => [a + shift, b + shift]);
  return { field, text: `${head}${shown}${tail}`, marks: kept };
}
