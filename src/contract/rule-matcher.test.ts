import { openSqliteFile } from '../db/sqlite-file';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRuleValue, type RuleCondition } from './rules';
import { JOBS_FTS_SQL } from '../db/jobs/jobs-fts';
import {
  compileRule,
  expandedFtsQuery,
  JobWords,
  type RuleDefinition,
  type RuleJobText,
} from './rule-matcher';

// The matcher's two forms: a job's words checked in memory, and the FTS5 query over the index.
// Every case below is checked both ways against a real FTS5 table built as the jobs index is
// (same tokenizer), so the runner and "Apply to stored jobs" cannot disagree.

const FIRST = {
  id: 1,
  title: 'Senior Software Engineer',
  company: 'ACME GmbH',
  location: 'Berlin',
  description: 'You are fluent in German. Kubernetes, node.js.',
};
const JOBS: Array<RuleJobText & { id: number }> = [
  FIRST,
  { id: 2, title: 'Développeur DevOps', company: 'Café Crème', location: 'Paris', description: '' },
  {
    id: 3,
    title: 'Sales Manager (m/w/d)',
    company: 'Agency X',
    location: 'Remote',
    description: 'Security clearance required.',
  },
  {
    id: 4,
    title: 'Seniority Analyst',
    company: 'SENIOR Partners',
    location: 'München',
    description: 'German is a plus; fluent English.',
  },
  { id: 5, title: 'Dev-Ops Lead', company: 'Ops Co', location: 'Wien', description: null },
  {
    id: 6,
    title: 'Junior Data Engineer',
    company: 'Engineers Inc',
    location: 'Berlin',
    description: 'Engineering team, engineered pipelines.',
  },
];

const db = openSqliteFile(':memory:');
// The jobs index needs its table for its triggers; only the virtual table matters here.
db.exec(
  `CREATE TABLE jobs (id TEXT, title TEXT, company_name TEXT, location TEXT, description TEXT)`,
);
for (const statement of JOBS_FTS_SQL) db.exec(statement);
const insert = db.prepare(
  'INSERT INTO jobs (id, title, company_name, location, description) VALUES (?, ?, ?, ?, ?)',
);
for (const j of JOBS) insert.run(String(j.id), j.title, j.company, j.location, j.description);
db.exec(`CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'jobs_fts', 'row')`);
const vocabulary = db.prepare('SELECT term FROM temp.vocab WHERE term >= ? AND term < ?');
const wordsFrom = (prefix: string) =>
  vocabulary.all(prefix, `${prefix}\u{10FFFF}`).map((r) => (r as { term: string }).term);
afterAll(() => db.close());

const c = (field: RuleCondition['field'], value: string): RuleCondition => ({ field, value });

function rule(over: Partial<RuleDefinition>): RuleDefinition {
  return {
    id: 1,
    name: 'r',
    conditions: [],
    match: 'any',
    exceptions: [],
    action: 'hide',
    color: null,
    ...over,
  };
}

/** The ids the rule matches in memory, and the ids its FTS5 query finds (checked when inexact). */
function both(def: RuleDefinition): { memory: number[]; index: number[] } {
  const compiled = compileRule(def);
  const memory = JOBS.filter((j) =>
    compiled.matches(new JobWords({ ...j, description: j.description ?? '' })),
  ).map((j) => j.id);
  const found =
    compiled.ftsQuery === null
      ? []
      : db
          .prepare('SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ? ORDER BY rowid')
          .all(compiled.ftsQuery)
          .map((r) => Number((r as { rowid: number }).rowid));
  const index = compiled.ftsExact ? found : found.filter((id) => memory.includes(id)); // candidates are checked word by word
  // The index never misses a match (its candidates are a superset when inexact).
  for (const id of memory) expect(found).toContain(id);
  // With a `*` inside a word expanded to the index's words, the index alone answers exactly.
  const expanded = expandedFtsQuery(compiled, wordsFrom);
  expect(expanded).not.toBeNull();
  const exact =
    expanded === null || expanded === ''
      ? []
      : db
          .prepare('SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ? ORDER BY rowid')
          .all(expanded)
          .map((r) => Number((r as { rowid: number }).rowid));
  expect(exact).toEqual(memory);
  return { memory, index };
}

function expectMatches(def: RuleDefinition, ids: number[]) {
  const { memory, index } = both(def);
  expect(memory).toEqual(ids);
  expect(index).toEqual(ids);
}

describe('rule values', () => {
  it('folds case and accents as the index does, and strips the quotes of a phrase', () => {
    expect(parseRuleValue('"Développeur  DevOps"')).toEqual({ words: ['developpeur', 'devops'] });
    expect(parseRuleValue('node.js')).toEqual({ words: ['node', 'js'] });
  });

  it('refuses an empty value, a wildcard alone and a wildcard with too little before it', () => {
    expect(parseRuleValue('  ')).toEqual({ error: 'a condition needs a word or a phrase' });
    expect(parseRuleValue('"!!"')).toEqual({ error: 'a condition needs a word or a phrase' });
    expect(parseRuleValue('*')).toMatchObject({ error: expect.stringContaining('wildcard alone') });
    expect(parseRuleValue('senior *')).toMatchObject({
      error: expect.stringContaining('wildcard alone'),
    });
    expect(parseRuleValue('*ops')).toMatchObject({
      error: expect.stringContaining('at least 2 letters'),
    });
    expect(parseRuleValue('e*')).toMatchObject({
      error: expect.stringContaining('at least 2 letters'),
    });
    expect(parseRuleValue('en*')).toEqual({ words: ['en*'] });
  });
});

describe('matching', () => {
  it('matches whole words by default, case and accents aside', () => {
    expectMatches(rule({ conditions: [c('title', 'senior')] }), [1]);
    expectMatches(rule({ conditions: [c('title', 'DEVELOPPEUR')] }), [2]);
    expectMatches(rule({ conditions: [c('company', 'cafe creme')] }), [2]);
    expectMatches(rule({ conditions: [c('location', 'munchen')] }), [4]);
    // "engineer" is not "engineers" nor "engineering".
    expectMatches(rule({ conditions: [c('description', 'engineer')] }), []);
  });

  it('reads a condition only in its own field', () => {
    expectMatches(rule({ conditions: [c('company', 'senior')] }), [4]);
    expectMatches(rule({ conditions: [c('title', 'german')] }), []);
  });

  it('matches a phrase as consecutive words, punctuation aside', () => {
    expectMatches(rule({ conditions: [c('description', '"fluent in German"')] }), [1]);
    expectMatches(rule({ conditions: [c('description', 'fluent german')] }), []);
    expectMatches(rule({ conditions: [c('title', 'dev ops')] }), [5]);
    expectMatches(rule({ conditions: [c('title', 'm w d')] }), [3]);
  });

  it('takes a trailing * as the start of a word, exactly as the index does', () => {
    const def = rule({ conditions: [c('title', 'senior*')] });
    expect(compileRule(def).ftsExact).toBe(true);
    expectMatches(def, [1, 4]);
    expectMatches(rule({ conditions: [c('description', 'engineer*')] }), [6]);
    expectMatches(rule({ conditions: [c('title', 'software eng*')] }), [1]);
  });

  it('takes a * inside a word as any letters there, checking the index candidates', () => {
    const def = rule({ conditions: [c('title', 'dev*ops')] });
    expect(compileRule(def).ftsExact).toBe(false);
    // DevOps yes; Dev-Ops is two words, Développeur is not dev…ops.
    expectMatches(def, [2]);
    expectMatches(rule({ conditions: [c('description', 'eng*ed')] }), [6]);
    expectMatches(rule({ conditions: [c('title', 'se*r*')] }), [1, 4]);
  });

  it('combines conditions with any of / all of', () => {
    const conditions = [c('title', 'engineer'), c('location', 'berlin')];
    expectMatches(rule({ conditions, match: 'any' }), [1, 6]);
    expectMatches(rule({ conditions: [c('title', 'sales'), c('title', 'senior')] }), [1, 3]);
    expectMatches(
      rule({ conditions: [c('title', 'senior'), c('location', 'berlin')], match: 'all' }),
      [1],
    );
    expectMatches(
      rule({ conditions: [c('title', 'senior'), c('location', 'paris')], match: 'all' }),
      [],
    );
  });

  it('does not act where an exception matches', () => {
    expectMatches(
      rule({ conditions: [c('location', 'berlin')], exceptions: [c('title', 'junior')] }),
      [1],
    );
    expectMatches(
      rule({
        conditions: [c('title', 'senior*')],
        exceptions: [c('description', 'fluent in german'), c('company', 'partners')],
      }),
      [],
    );
    // An exception with a * inside a word: the index cannot leave it out, the check does.
    const def = rule({ conditions: [c('title', 'dev*')], exceptions: [c('title', 'dev*ops')] });
    expect(compileRule(def).ftsExact).toBe(false);
    expectMatches(def, [5]);
  });

  it('says which rules need only the card, and waits for a description it reads', () => {
    expect(compileRule(rule({ conditions: [c('title', 'senior')] })).cardOnly).toBe(true);
    const byDescription = compileRule(
      rule({ conditions: [c('title', 'senior')], exceptions: [c('description', 'remote')] }),
    );
    expect(byDescription.cardOnly).toBe(false);
    const card = new JobWords({ ...FIRST, description: null });
    expect(byDescription.matches(card)).toBe(false);
    expect(byDescription.matches(new JobWords({ ...FIRST, description: 'on site' }))).toBe(true);
  });

  it('matches nothing with no usable condition, rather than everything', () => {
    const compiled = compileRule(rule({ conditions: [c('title', '!!')] }));
    expect(compiled.ftsQuery).toBeNull();
    expect(compiled.matches(new JobWords({ ...FIRST, description: '' }))).toBe(false);
  });

  it('keeps FTS5 syntax in a value as plain words', () => {
    expectMatches(rule({ conditions: [c('title', 'senior OR sales')] }), []);
    expectMatches(rule({ conditions: [c('title', 'title:senior')] }), []);
    expectMatches(rule({ conditions: [c('title', '"senior" (software)')] }), [1]);
  });
});

describe('a condition on fit (issue 40)', () => {
  const job = (fit: number | null | undefined, title = 'Senior Engineer') =>
    new JobWords({ title, company: 'ACME', location: 'Berlin', description: 'text', fit });
  const rule = (over: Partial<Parameters<typeof compileRule>[0]>) =>
    compileRule({
      id: 1,
      name: 'r',
      conditions: [],
      match: 'any',
      exceptions: [],
      action: 'hide',
      color: null,
      ...over,
    });

  it('holds below or at least its number, never for a job without a fit', () => {
    const below = rule({ fit: { below: 40 } });
    expect([39, 40, 0, null, undefined].map((f) => below.matches(job(f)))).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
    const atLeast = rule({ fit: { at_least: 80 } });
    expect([79, 80, 100, null].map((f) => atLeast.matches(job(f)))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(below.cardOnly).toBe(false);
    expect(below.ftsQuery).toBeNull();
  });

  it('is required beside the words, and exceptions still spare a job', () => {
    const both = rule({
      fit: { at_least: 80 },
      conditions: [{ field: 'title', value: 'senior' }],
      exceptions: [{ field: 'title', value: 'staff' }],
    });
    expect(both.matches(job(90))).toBe(true);
    expect(both.matches(job(70))).toBe(false);
    expect(both.matches(job(90, 'Junior Engineer'))).toBe(false);
    expect(both.matches(job(90, 'Senior Staff Engineer'))).toBe(false);
    // A rule without a fit matches as before, whatever the job's fit.
    expect(rule({ conditions: [{ field: 'title', value: 'senior' }] }).matches(job(null))).toBe(
      true,
    );
  });
});
