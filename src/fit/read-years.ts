import type { WordRange } from './evidence';
import { CUE_VAGUE_YEARS, CUE_YEAR, VAGUE_YEARS, YEAR_WORDS } from './cue-words';
import type { Tokens } from './tokens';

// The years of experience a job asks for: "5+ years", "at least 3 years", "3-5 years of
// experience", "minimum of five years", "mindestens 3 Jahre", "3+ Jahre Berufserfahrung",
// "zwei Jahre Erfahrung", "mehrjährige Berufserfahrung". Not "for over 20 years we have…".

export interface YearsAsked {
  /** The fewest years the job asks for (a range's lower end); the most of several asks. */
  years: number;
  /** Where it is said. */
  range: WordRange;
}

/** More than this is no requirement ("25 years of history"). */
const MOST_YEARS = 20;

// prettier-ignore
const NUMBER_WORDS = new Map<string, number>([
  ['one', 1], ['two', 2], ['three', 3], ['four', 4], ['five', 5], ['six', 6], ['seven', 7],
  ['eight', 8], ['nine', 9], ['ten', 10], ['twelve', 12], ['fifteen', 15],
  ['ein', 1], ['eine', 1], ['einem', 1], ['einen', 1], ['zwei', 2], ['drei', 3], ['vier', 4],
  ['funf', 5], ['sechs', 6], ['sieben', 7], ['acht', 8], ['neun', 9], ['zehn', 10],
]);
/** Before the number: the ask is a floor. */
// prettier-ignore
const FLOOR_WORDS = new Set(['least', 'minimum', 'min', 'mindestens', 'minimal', 'over', 'more', 'uber', 'mind']);
/** Before the number: the years are the company's, not the candidate's. */
// prettier-ignore
const HISTORY_WORDS = new Set(['for', 'since', 'past', 'last', 'seit', 'letzten', 'vergangenen', 'founded', 'gegrundet', 'within', 'innerhalb', 'nach', 'after', 'every', 'alle']);

function isExperienceWord(folded: string): boolean {
  return (
    folded.startsWith('experi') ||
    folded.includes('erfahr') ||
    folded === 'praxis' ||
    folded === 'background' ||
    folded === 'track' ||
    folded === 'hands' ||
    folded === 'working' ||
    folded === 'professional' ||
    folded === 'berufspraxis'
  );
}

function numberAt(tokens: Tokens, i: number): number | null {
  const word = tokens.folded[i];
  if (word === undefined) return null;
  if (/^\d{1,2}$/.test(word)) return Number(word);
  return NUMBER_WORDS.get(word) ?? null;
}

function sameSentenceHas(tokens: Tokens, at: number, test: (folded: string) => boolean): boolean {
  const which = tokens.sentence[at];
  for (let i = at; i >= 0 && tokens.sentence[i] === which; i -= 1)
    if (test(tokens.folded[i] ?? '')) return true;
  for (let i = at + 1; i < tokens.count && tokens.sentence[i] === which; i += 1)
    if (test(tokens.folded[i] ?? '')) return true;
  return false;
}

/** The ask whose year word is word `i`, or null when it is none. */
function askAt(tokens: Tokens, i: number): YearsAsked | null {
  let n = i - 1;
  let years = numberAt(tokens, n);
  if (years === null) return null;
  // "3-5 years", "3 to 5 years", "3 bis 5 Jahre": the lower end.
  const joiner = tokens.folded[n - 1];
  const lower =
    joiner === 'to' || joiner === 'bis' ? numberAt(tokens, n - 2) : numberAt(tokens, n - 1);
  if (
    lower !== null &&
    lower < years &&
    (joiner === 'to' || joiner === 'bis' || /[-–]/.test(gap(tokens, n - 1, n)))
  ) {
    n -= joiner === 'to' || joiner === 'bis' ? 2 : 1;
    years = lower;
  }
  if (years < 1 || years > MOST_YEARS) return null;
  // The three words before the number, in its sentence.
  const before = [n - 1, n - 2, n - 3]
    .filter((k) => k >= 0 && tokens.sentence[k] === tokens.sentence[n])
    .map((k) => tokens.folded[k]);
  if (before.some((w) => w !== undefined && HISTORY_WORDS.has(w)) && !before.includes('least'))
    return null;
  const floor =
    /\+/.test(gap(tokens, i - 1, i)) || before.some((w) => w !== undefined && FLOOR_WORDS.has(w));
  if (!floor && !sameSentenceHas(tokens, i, isExperienceWord)) return null;
  return { years, range: [n, i] };
}

/** The characters between word `a` and word `b`. */
function gap(tokens: Tokens, a: number, b: number): string {
  return tokens.text.slice(tokens.ends[a] ?? 0, tokens.starts[b] ?? 0);
}

/** "mehrjährige Berufserfahrung", "several years of experience" (English needs its "years"). */
function vagueAsk(tokens: Tokens, i: number): boolean {
  const word = tokens.folded[i] ?? '';
  if ((word === 'several' || word === 'multiple') && !YEAR_WORDS.has(tokens.folded[i + 1] ?? ''))
    return false;
  return sameSentenceHas(tokens, i, isExperienceWord);
}

/** The years a description asks for, or null when it names none. */
export function readYearsAsked(tokens: Tokens): YearsAsked | null {
  let best: YearsAsked | null = null;
  for (let k = 0; k < tokens.cued.length; k += 1) {
    const i = tokens.cued[k] ?? 0;
    const cues = tokens.cues[k] ?? 0;
    let ask: YearsAsked | null = null;
    if (cues & CUE_YEAR) ask = askAt(tokens, i);
    else if (cues & CUE_VAGUE_YEARS && vagueAsk(tokens, i))
      ask = {
        years: VAGUE_YEARS.get(tokens.folded[i] ?? '') ?? 2,
        range: [i, Math.min(i + 1, tokens.count - 1)],
      };
    if (ask && (!best || ask.years > best.years)) best = ask;
  }
  return best;
}
