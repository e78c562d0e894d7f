import { deu, eng } from 'stopword';
import { FIT_SUGGEST_MIN_JOBS, type FitSuggestion } from '../contract/fit';
import type { CompiledProfile } from './compile-profile';
import { tokenize, type Tokens } from './tokens';
import { STEM_LANGUAGES } from './words';

// Learning from the operator's triage (issue 40): words and phrases much more common in the jobs
// they saved or applied to than in those they hid (a plus skill?), and the reverse (a
// dealbreaker?). Each term is counted once per job (in how many jobs it stands), and ranked by
// the log-odds ratio of the two shares with an informative Dirichlet prior (Monroe, Colaresi and
// Quinn 2008, "Fightin' Words"): the prior, the term's share over both sets, keeps a term seen in
// 2 of 20 from outranking one seen in 31 of 40, and the ratio's z-score ranks by how sure the
// difference is, not only by how big.

/** How many suggestions of each kind come back, at most. */
export const FIT_SUGGEST_LIMIT = 10;
/** The prior's weight, in jobs: how much evidence a difference needs before it counts. */
const PRIOR_JOBS = 10;
/** A term must stand in at least this share of its side's jobs (and in 3 of them). */
const MIN_SUPPORT = 0.1;
/** A z-score under this is no difference worth naming (95 % two-sided). */
const MIN_Z = 1.96;
/** A shorter term standing in the longer one's jobs for this share of its own is the longer one's part. */
const PART_OF = 0.8;
const MAX_WORDS = 3;
/** Two terms standing in this share of the jobs either stands in (Jaccard) are one finding. */
const SAME_JOBS = 0.9;

/** A saved, applied or hidden job's words. */
export interface TriageText {
  title: string;
  description: string | null;
}

export interface FitSuggestions {
  plus_skills: FitSuggestion[];
  dealbreakers: FitSuggestion[];
}

const STOP = new Set([...eng, ...deu].map((w) => tokenize(w).folded.join(' ')));

interface Term {
  saved: number;
  hidden: number;
  /** The first way a job wrote it, and how often each was seen (the most common is shown). */
  surfaces: Map<string, number>;
}

/**
 * A word a term may start or end with: not a stop word, a number or a letter, unless a hyphen
 * joins it to the term ("on-call", "follow-up").
 */
const usable = (tokens: Tokens, i: number, at: 'start' | 'end'): boolean => {
  const folded = tokens.folded[i] ?? '';
  if (folded.length < 2 || /^\d+$/.test(folded)) return false;
  if (!STOP.has(folded)) return true;
  const joined = at === 'start' ? (tokens.ends[i] ?? 0) : (tokens.starts[i] ?? 0) - 1;
  return tokens.text.charAt(joined) === '-';
};

/** Every term of 1–3 words in one job: no stop word at either end, none across sentences. */
function termsOf(job: TriageText, into: Map<string, Term>, side: 'saved' | 'hidden'): Set<string> {
  const seen = new Set<string>();
  for (const text of [job.title, job.description ?? '']) {
    const tokens = tokenize(text);
    for (let i = 0; i < tokens.count; i += 1) {
      if (!usable(tokens, i, 'start')) continue;
      for (let n = 1; n <= MAX_WORDS && i + n <= tokens.count; n += 1) {
        const last = i + n - 1;
        if (tokens.sentence[last] !== tokens.sentence[i]) break;
        if (!usable(tokens, last, 'end')) continue;
        const key = tokens.stems.slice(i, last + 1).join(' ');
        const surface = tokens.text.slice(tokens.starts[i], tokens.ends[last]);
        let term = into.get(key);
        if (!term) into.set(key, (term = { saved: 0, hidden: 0, surfaces: new Map() }));
        term.surfaces.set(surface, (term.surfaces.get(surface) ?? 0) + 1);
        if (seen.has(key)) continue;
        seen.add(key);
        term[side] += 1;
      }
    }
  }
  return seen;
}

/** The log-odds ratio's z-score of a term in a of n saved and b of m hidden jobs. */
export function logOddsZ(a: number, n: number, b: number, m: number): number {
  const prior = (PRIOR_JOBS * (a + b)) / (n + m);
  const inSaved = a + prior;
  const outSaved = n - a + PRIOR_JOBS - prior;
  const inHidden = b + prior;
  const outHidden = m - b + PRIOR_JOBS - prior;
  const delta = Math.log(inSaved / outSaved) - Math.log(inHidden / outHidden);
  return delta / Math.sqrt(1 / inSaved + 1 / outSaved + 1 / inHidden + 1 / outHidden);
}

/** Keys of the terms the profile has already: its skills and dealbreakers, with their aliases. */
function profileKeys(profile: CompiledProfile): string[][] {
  const keys: string[][] = [];
  for (const lang of STEM_LANGUAGES)
    for (const phrases of profile.phrases[lang].values())
      for (const phrase of phrases)
        if (phrase.target < profile.skillsAt) keys.push([...phrase.stems]);
  return keys;
}

const contains = (long: readonly string[], short: readonly string[]): boolean => {
  for (let i = 0; i + short.length <= long.length; i += 1)
    if (short.every((w, k) => long[i + k] === w)) return true;
  return false;
};

/** The skill list's phrases, as keys: a term holding one names a skill ("Apache Kafka"). */
function skillKeys(profile: CompiledProfile): Set<string> {
  const keys = new Set<string>();
  for (const lang of STEM_LANGUAGES)
    for (const phrases of profile.skills.phrases[lang].values())
      for (const phrase of phrases) keys.add(phrase.stems.join(' '));
  return keys;
}

function namesSkill(stems: readonly string[], skills: ReadonlySet<string>): boolean {
  for (let from = 0; from < stems.length; from += 1)
    for (let to = from + 1; to <= stems.length; to += 1)
      if (skills.has(stems.slice(from, to).join(' '))) return true;
  return false;
}

/**
 * The profile has the term already: it holds one of the profile's terms, is held by one, or
 * begins or ends where one does ("clearance is required" for "security clearance").
 */
function profileHas(stems: readonly string[], known: readonly string[][]): boolean {
  return known.some(
    (k) =>
      contains(stems, k) ||
      contains(k, stems) ||
      (k.length > 1 && (k[k.length - 1] === stems[0] || k[0] === stems[stems.length - 1])),
  );
}

function mostCommon(surfaces: ReadonlyMap<string, number>): string {
  let best = '';
  let count = -1;
  for (const [surface, n] of surfaces) if (n > count) [best, count] = [surface, n];
  return best;
}

/** Terms standing mostly inside a longer term's jobs ("learning" in "machine learning") are dropped. */
function withoutParts(keys: readonly string[], terms: ReadonlyMap<string, Term>): string[] {
  const dropped = new Set<string>();
  for (const key of keys) {
    const long = key.split(' ');
    const wider = terms.get(key);
    if (!wider || long.length === 1) continue;
    for (let from = 0; from < long.length; from += 1)
      for (let to = from + 1; to <= long.length; to += 1) {
        if (to - from === long.length) continue;
        const part = long.slice(from, to).join(' ');
        const term = terms.get(part);
        if (term && wider.saved >= PART_OF * term.saved && wider.hidden >= PART_OF * term.hidden)
          dropped.add(part);
      }
  }
  return keys.filter((key) => !dropped.has(key));
}

/**
 * Profile suggestions from the operator's triage: terms much more common in saved (and applied)
 * jobs than in hidden ones, and the reverse, each with its counts; terms the profile has (or an
 * alias of one) are left out, and so are stop words. Null with fewer than FIT_SUGGEST_MIN_JOBS of
 * either. Pure; about a second for a thousand jobs.
 */
export function suggestFromTriage(
  saved: readonly TriageText[],
  hidden: readonly TriageText[],
  profile: CompiledProfile,
  limit = FIT_SUGGEST_LIMIT,
): FitSuggestions | null {
  if (saved.length < FIT_SUGGEST_MIN_JOBS || hidden.length < FIT_SUGGEST_MIN_JOBS) return null;
  const terms = new Map<string, Term>();
  const jobTerms = [
    ...saved.map((job) => termsOf(job, terms, 'saved')),
    ...hidden.map((job) => termsOf(job, terms, 'hidden')),
  ];
  // Two terms standing in nearly the same jobs are one finding ("Apache Kafka" and "build event
  // streams" of one sentence): the better ranked is kept.
  const jobsOf = (key: string): Set<number> =>
    new Set(jobTerms.flatMap((keys, i) => (keys.has(key) ? [i] : [])));
  const same = (a: ReadonlySet<number>, b: ReadonlySet<number>): boolean => {
    let both = 0;
    for (const i of a) if (b.has(i)) both += 1;
    return both >= SAME_JOBS * (a.size + b.size - both);
  };
  const known = profileKeys(profile);
  const skills = skillKeys(profile);
  const n = saved.length;
  const m = hidden.length;
  const supported = (count: number, of: number): boolean => count >= 3 && count >= MIN_SUPPORT * of;
  const scored: Array<{ s: FitSuggestion; stems: string[]; skill: boolean }> = [];
  const keys = [...terms.keys()].filter((key) => {
    const t = terms.get(key);
    return t !== undefined && (supported(t.saved, n) || supported(t.hidden, m));
  });
  for (const key of withoutParts(keys, terms)) {
    const t = terms.get(key);
    const stems = key.split(' ');
    if (!t || profileHas(stems, known)) continue;
    const z = logOddsZ(t.saved, n, t.hidden, m);
    const kind =
      z >= MIN_Z && supported(t.saved, n)
        ? 'plus_skill'
        : z <= -MIN_Z && supported(t.hidden, m)
          ? 'dealbreaker'
          : null;
    if (!kind) continue;
    const term = mostCommon(t.surfaces);
    const suggestion: FitSuggestion = {
      kind,
      term,
      saved: t.saved,
      saved_of: n,
      hidden: t.hidden,
      hidden_of: m,
      z,
    };
    scored.push({ s: suggestion, stems, skill: namesSkill(stems, skills) });
  }
  // A term that holds a better one, or is held by it ("Experience with Redis", "Redis"), adds nothing.
  const best = (kind: FitSuggestion['kind']): FitSuggestion[] => {
    const chosen: Array<{ s: FitSuggestion; stems: string[]; jobs: Set<number> }> = [];
    // Equally sure terms: one naming a listed skill first, then the shorter (the words of one
    // sentence template all have the same counts).
    const ranked = scored
      .filter((x) => x.s.kind === kind)
      .sort(
        (a, b) =>
          Math.abs(b.s.z) - Math.abs(a.s.z) ||
          Number(b.skill) - Number(a.skill) ||
          a.stems.length - b.stems.length ||
          a.s.term.localeCompare(b.s.term),
      );
    for (const x of ranked) {
      if (chosen.length >= limit) break;
      if (chosen.some((c) => contains(x.stems, c.stems) || contains(c.stems, x.stems))) continue;
      const jobs = jobsOf(x.stems.join(' '));
      if (!chosen.some((c) => same(jobs, c.jobs))) chosen.push({ ...x, jobs });
    }
    return chosen.map((c) => c.s);
  };
  return { plus_skills: best('plus_skill'), dealbreakers: best('dealbreaker') };
}

/** "in 31 of 40 saved, 2 of 120 hidden". */
export function suggestionCounts(s: FitSuggestion): string {
  return `in ${s.saved} of ${s.saved_of} saved, ${s.hidden} of ${s.hidden_of} hidden`;
}
