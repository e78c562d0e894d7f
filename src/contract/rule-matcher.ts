import {
  fitHolds,
  parseRuleValue,
  RULE_CARD_FIELDS,
  type RuleAction,
  type RuleColor,
  type RuleCondition,
  type RuleField,
  type RuleFit,
  type RuleMatch,
  type RuleWord,
} from './rules';
import { indexWords } from './text-fold';

// The rules' matcher (docs/decisions/036), in two forms that agree: a check of one job's words,
// for the runner as it stores jobs, and an FTS5 query over the search index, for the stored jobs
// (preview and apply), which finds matches without reading a row. Both cut and fold words as the
// index does (src/contract/text-fold.ts). A `*` inside a word (dev*ops) has no FTS5 form: the
// query then asks for the word's start (dev*) and the candidates are checked with the first form.

export interface RuleDefinition {
  id: number;
  name: string;
  conditions: readonly RuleCondition[];
  match: RuleMatch;
  exceptions: readonly RuleCondition[];
  action: RuleAction;
  color: RuleColor | null;
  /** A condition on the job's fit (issue 40), or none. */
  fit?: RuleFit | null;
}

/**
 * A job's text as the rules read it; a description not fetched yet is null. `fit` is its best
 * score, null without one (no profile), left out where the caller has not read it.
 */
export interface RuleJobText {
  title: string;
  company: string;
  location: string;
  description: string | null;
  fit?: number | null;
}

export interface Term {
  field: RuleField;
  /** Folded words; `*` stands for any letters or digits. */
  words: RuleWord[];
  /** Each word's test: equality, or a pattern for a word with `*`. */
  tests: Array<(word: string) => boolean>;
  /** The first word without `*`, or null: the one looked up in the word index. */
  anchor: number | null;
  /** Whether the FTS5 form finds exactly this term's matches (no `*` before a word's end). */
  exact: boolean;
}

export interface CompiledRule extends RuleDefinition {
  /**
   * Reads only what a search card shows (title, company, location). Never with a fit condition:
   * that acts on the score read with the details, not the card's provisional one.
   */
  cardOnly: boolean;
  /**
   * The FTS5 query of the stored jobs its words may match; null when they can match none (a rule
   * with a fit condition and no words has none: its matches are read by its fit).
   */
  ftsQuery: string | null;
  /** Whether ftsQuery's matches are exactly the rule's (else each must be checked). */
  ftsExact: boolean;
  /** The fields its conditions and exceptions read. */
  fields: ReadonlySet<RuleField>;
  matches(job: JobWords): boolean;
  /** The conditions and exceptions as compiled (for expandedFtsQuery). */
  readonly terms: { conditions: readonly Term[]; exceptions: readonly Term[] };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compileTerm(condition: RuleCondition): Term {
  const parsed = parseRuleValue(condition.value);
  const words = 'words' in parsed ? parsed.words : [];
  const tests = words.map((w): ((word: string) => boolean) => {
    if (!w.includes('*')) return (word) => word === w;
    const pattern = new RegExp(`^${w.split('*').map(escapeRegExp).join('[\\p{L}\\p{N}]*')}$`, 'u');
    // Most words fail on their first letters: the pattern runs only on those that start right.
    const start = w.slice(0, w.indexOf('*'));
    return (word) => word.startsWith(start) && pattern.test(word);
  });
  const anchor = words.findIndex((w) => !w.includes('*'));
  // FTS5 can only say "starts with": a `*` that ends the word is exact, one inside is not.
  const exact = words.every((w) => !w.includes('*') || w.indexOf('*') === w.length - 1);
  return { field: condition.field, words, tests, anchor: anchor < 0 ? null : anchor, exact };
}

/** A term as an FTS5 phrase in its column: each word quoted, a wildcard word as its start. */
function ftsTerm(term: Term): string {
  const phrase = term.words
    .map((w) => (w.includes('*') ? `"${w.slice(0, w.indexOf('*'))}"*` : `"${w}"`))
    .join(' + ');
  return `${term.field} : ${phrase}`;
}

/** A job's folded words per field, each field cut once however many rules read it. */
export class JobWords {
  private readonly words = new Map<RuleField, string[]>();
  private readonly positions = new Map<RuleField, Map<string, number[]>>();

  constructor(readonly text: RuleJobText) {}

  has(field: RuleField): boolean {
    return field !== 'description' || this.text.description !== null;
  }

  of(field: RuleField): string[] {
    let words = this.words.get(field);
    if (!words) {
      words = indexWords(this.text[field] ?? '');
      this.words.set(field, words);
    }
    return words;
  }

  /** Where each word stands in the field: a phrase is looked up by its first plain word. */
  at(field: RuleField): Map<string, number[]> {
    let index = this.positions.get(field);
    if (!index) {
      index = new Map();
      const words = this.of(field);
      for (let i = 0; i < words.length; i++) {
        const word = words[i] ?? '';
        const list = index.get(word);
        if (list) list.push(i);
        else index.set(word, [i]);
      }
      this.positions.set(field, index);
    }
    return index;
  }
}

// The matcher runs for every rule on every new job: plain loops, no function made per call.

/** Whether the term's words stand in `words` from `start` on. */
function fitsAt(term: Term, words: readonly string[], start: number): boolean {
  const n = term.tests.length;
  if (start < 0 || start + n > words.length) return false;
  for (let k = 0; k < n; k++) if (!term.tests[k]?.(words[start + k] ?? '')) return false;
  return true;
}

function termMatches(term: Term, job: JobWords): boolean {
  const n = term.words.length;
  if (n === 0) return false;
  if (term.anchor !== null) {
    const starts = job.at(term.field).get(term.words[term.anchor] ?? '');
    if (!starts) return false;
    const words = job.of(term.field);
    for (const start of starts) if (fitsAt(term, words, start - term.anchor)) return true;
    return false;
  }
  // One word with a `*`: each different word of the field once.
  const only = n === 1 ? term.tests[0] : undefined;
  if (only) {
    for (const word of job.at(term.field).keys()) if (only(word)) return true;
    return false;
  }
  const words = job.of(term.field);
  for (let i = 0; i + n <= words.length; i++) if (fitsAt(term, words, i)) return true;
  return false;
}

export function compileRule(rule: RuleDefinition): CompiledRule {
  // Values were checked on the way in; one that no longer parses (the language changed) is
  // left out rather than read as matching everything.
  const conditions = rule.conditions.map(compileTerm).filter((t) => t.words.length > 0);
  const exceptions = rule.exceptions.map(compileTerm).filter((t) => t.words.length > 0);
  const fields = new Set<RuleField>([...conditions, ...exceptions].map((t) => t.field));
  const fit = rule.fit ?? null;
  const cardOnly = fit === null && [...fields].every((f) => RULE_CARD_FIELDS.includes(f));
  // Words that no longer parse match nothing, even beside a fit condition.
  const wordsLost = rule.conditions.length > 0 && conditions.length === 0;
  const positive = conditions
    .map((t) => `(${ftsTerm(t)})`)
    .join(rule.match === 'all' ? ' AND ' : ' OR ');
  const exceptionsExact = exceptions.every((t) => t.exact);
  // An inexact exception could only be left out by a superset: check those candidates instead.
  const ftsQuery =
    conditions.length === 0
      ? null
      : exceptions.length > 0 && exceptionsExact
        ? `(${positive}) NOT (${exceptions.map((t) => `(${ftsTerm(t)})`).join(' OR ')})`
        : positive;
  const ftsExact = conditions.every((t) => t.exact) && exceptionsExact;
  return {
    ...rule,
    fit,
    cardOnly,
    ftsQuery,
    ftsExact,
    fields,
    terms: { conditions, exceptions },
    matches(job) {
      if (wordsLost || (conditions.length === 0 && fit === null)) return false;
      // A rule that reads the description waits for it (the runner asks again once fetched).
      for (const field of fields) if (!job.has(field)) return false;
      if (fit !== null && !fitHolds(fit, job.text.fit ?? null)) return false;
      const hit =
        conditions.length === 0 ||
        (rule.match === 'all'
          ? conditions.every((t) => termMatches(t, job))
          : conditions.some((t) => termMatches(t, job)));
      return hit && !exceptions.some((t) => termMatches(t, job));
    },
  };
}

/** Phrases one term may expand to before the index is asked word by word instead. */
const EXPANSION_MAX = 64;

/**
 * The rule's FTS5 query with each `*` inside a word replaced by the index's own words it matches
 * (`dev*ops` -> `"devops" OR "devsecops"`), so the index alone answers exactly; `indexWords`
 * lists the index's words starting with a prefix, or null when there are too many. Null when a
 * term would expand to too many phrases: the caller then checks candidates word by word.
 */
export function expandedFtsQuery(
  rule: CompiledRule,
  indexWordsFrom: (prefix: string) => string[] | null,
): string | null {
  if (rule.ftsExact || rule.ftsQuery === null) return rule.ftsQuery;
  // Each term as the phrases it may be; [] when it can match nothing, null when too many.
  const phrases = (term: Term): string[] | null => {
    let out: string[][] = [[]];
    for (const [k, w] of term.words.entries()) {
      const star = w.indexOf('*');
      let options: string[];
      if (star < 0) options = [`"${w}"`];
      else if (star === w.length - 1) options = [`"${w.slice(0, -1)}"*`];
      else {
        const found = indexWordsFrom(w.slice(0, star));
        if (found === null) return null;
        const test = term.tests[k] ?? (() => false);
        options = found.filter((word) => test(word)).map((word) => `"${word}"`);
      }
      out = out.flatMap((prefix) => options.map((o) => [...prefix, o]));
      if (out.length > EXPANSION_MAX) return null;
    }
    return out.map((p) => `${term.field} : ${p.join(' + ')}`);
  };
  const part = (terms: readonly Term[]): Array<string[]> | null => {
    const all: string[][] = [];
    for (const t of terms) {
      const p = phrases(t);
      if (p === null) return null;
      all.push(p);
    }
    return all;
  };
  const conditions = part(rule.terms.conditions);
  const exceptions = part(rule.terms.exceptions);
  if (conditions === null || exceptions === null) return null;
  const or = (p: string[]) => `(${p.map((x) => `(${x})`).join(' OR ')})`;
  const live = conditions.filter((p) => p.length > 0);
  if (rule.match === 'all' ? live.length < conditions.length : live.length === 0) return '';
  const positive = live.map(or).join(rule.match === 'all' ? ' AND ' : ' OR ');
  const unless = exceptions.filter((p) => p.length > 0);
  return unless.length > 0 ? `(${positive}) NOT (${unless.map(or).join(' OR ')})` : positive;
}
