import type { Tokens } from './tokens';

// Words around a mention that change what it means: "no German required", "German is a plus",
// "keine Deutschkenntnisse erforderlich", "Security clearance not needed". Folded forms.

// prettier-ignore
const NEGATIONS = ['no', 'not', 'without', 'never', 'none', 'nor', 'kein', 'keine', 'keinen', 'keiner', 'nicht', 'ohne', 'weder'];
// prettier-ignore
const OPTIONAL = [
  'optional', 'plus', 'bonus', 'advantage', 'advantageous', 'beneficial', 'nice', 'preferred',
  'preferable', 'preferably', 'desirable', 'desired', 'ideally', 'asset', 'welcome', 'helpful',
  'vorteil', 'vorteilhaft', 'wunschenswert', 'idealerweise', 'bevorzugt', 'gerne', 'gern',
  'willkommen', 'hilfreich', 'optionale',
];

/** Words that say a mention is not asked for, or only welcome. */
export const NOT_REQUIRED = new Set([...NEGATIONS, ...OPTIONAL]);

/** Words that join two things a clause names: a cue's reach stops there. */
export const JOINS = new Set([
  'and',
  'or',
  'und',
  'oder',
  'sowie',
  'but',
  'aber',
  'however',
  'jedoch',
  'while',
]);

export interface Reach {
  /** How many words before the mention to look at. */
  before: number;
  after: number;
  /** A word that ends the reach on its side (another language, "and"). */
  stop?: (i: number) => boolean;
}

/** The index of the first word from `cues` near words [first, last] in their clause, or -1. */
export function cueNear(
  tokens: Tokens,
  first: number,
  last: number,
  cues: ReadonlySet<string>,
  reach: Reach,
): number {
  const clause = tokens.clause[first];
  for (let i = first - 1; i >= 0 && i >= first - reach.before; i -= 1) {
    if (tokens.clause[i] !== clause || reach.stop?.(i)) break;
    if (cues.has(tokens.folded[i] ?? '')) return i;
  }
  for (let i = last + 1; i < tokens.count && i <= last + reach.after; i += 1) {
    if (tokens.clause[i] !== clause || reach.stop?.(i)) break;
    if (cues.has(tokens.folded[i] ?? '')) return i;
  }
  return -1;
}

/** "and", "or", "but" and their German: a cue's reach ends there. */
export const stopAtJoins =
  (tokens: Tokens) =>
  (i: number): boolean =>
    JOINS.has(tokens.folded[i] ?? '');

/** A mention (a dealbreaker's phrase) the text says is not needed or only a plus. */
export function saidNotRequired(tokens: Tokens, first: number, last: number): boolean {
  return (
    cueNear(tokens, first, last, NOT_REQUIRED, {
      before: 3,
      after: 6,
      stop: stopAtJoins(tokens),
    }) >= 0
  );
}
