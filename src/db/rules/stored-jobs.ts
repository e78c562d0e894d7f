import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { StatementCache } from '../statement-cache';
import { z } from 'zod';
import {
  RULE_PREVIEW_TITLES,
  ruleFitParts,
  type RuleApplyResult,
  type RuleField,
  type RuleFit,
  type RulePreview,
} from '../../contract';
import {
  compileRule,
  expandedFtsQuery,
  JobWords,
  type CompiledRule,
} from '../../contract/rule-matcher';
import { JobRuleEffects, NOT_IN_PIPELINE } from '../jobs/rule-effects';
import { jobDescriptionSql } from '../jobs/job-descriptions';

// A rule over every stored job (preview, "Apply to stored jobs", bringing back what it hid). The
// search index finds the matches without reading a row (docs/decisions/036); only a rule with a
// `*` inside a word has its candidates read and checked word by word. A fit condition (issue 40,
// docs/decisions/066) is read from the jobs' best scores by their index (jobs_fit), and its words,
// if any, from the search index as above.

const rowidSchema = z.object({ rowid: z.number() });
const textRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  company_name: z.string(),
  location: z.string(),
  description: z.string().nullable(),
});
const exampleSchema = z.object({ id: z.string(), title: z.string(), company_name: z.string() });
const idSchema = z.object({ id: z.string() });
const countSchema = z.object({ n: z.number() });

/** The index's words a `*` inside a word may stand for, at most, before candidates are read. */
const VOCABULARY_MAX = 2_000;
const termSchema = z.object({ term: z.string() });

/** Candidates read per statement when a rule must be checked word by word. */
const CHECK_CHUNK = 500;

const IDS = 'SELECT value FROM json_each(@ids)';

/** The search index's catching up (src/db/jobs/description-index.ts), which the caller wires in. */
export interface SearchIndexCatchUp {
  catchUpForSearch(): void;
}

export class StoredJobRules {
  private readonly jobs: JobRuleEffects;

  private readonly cache: StatementCache;

  private readonly sqlite: SQLite.Database;

  constructor(
    connection: ConnectionLike,
    private readonly descriptions: SearchIndexCatchUp,
  ) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    this.cache = new StatementCache(this.sqlite);
    this.jobs = new JobRuleEffects(sqlite);
    // The index's vocabulary, for expanding a `*` inside a word into the words it matches. A
    // temporary table: it reads the index, stores nothing, and lives with the connection.
    sqlite.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS temp.jobs_fts_vocab USING fts5vocab(main, 'jobs_fts', 'row')`,
    );
  }

  private wordsFrom(prefix: string): string[] | null {
    const words = this.p(
      `SELECT term FROM temp.jobs_fts_vocab WHERE term >= @from AND term < @to LIMIT ${VOCABULARY_MAX + 1}`,
    )
      .all({ from: prefix, to: `${prefix}\u{10FFFF}` })
      .map((raw) => termSchema.parse(raw).term);
    return words.length > VOCABULARY_MAX ? null : words;
  }

  private p(text: string): SQLite.Statement {
    return this.cache.get(text);
  }

  /**
   * The rule's FTS5 query when the index alone answers it exactly ('' when it matches nothing),
   * null when its candidates must be checked word by word. The index and its vocabulary hold
   * every stored description first (docs/decisions/038).
   */
  private exactQuery(rule: CompiledRule): string | null {
    this.descriptions.catchUpForSearch();
    return expandedFtsQuery(rule, (prefix) => this.wordsFrom(prefix));
  }

  /**
   * The ids of the stored jobs whose fit holds the condition (none without a fit), highest
   * (newest posting) first, as the search index orders them. Reads jobs_fit's index only.
   */
  private fitIds(fit: RuleFit): string[] {
    const { op, value } = ruleFitParts(fit);
    // COALESCE(fit_score, -1) is jobs_fit's first column: a job without a fit is -1.
    const where =
      op === 'below'
        ? 'COALESCE(fit_score, -1) >= 0 AND COALESCE(fit_score, -1) < @value'
        : 'COALESCE(fit_score, -1) >= @value';
    return this.p(`SELECT id FROM jobs WHERE ${where}`)
      .all({ value })
      .map((raw) => idSchema.parse(raw).id)
      .sort((a, b) => Number(b) - Number(a) || (a < b ? 1 : a > b ? -1 : 0));
  }

  /** The ids of the stored jobs the rule matches, highest (newest posting) first. */
  matchingIds(rule: CompiledRule): string[] {
    if (rule.fit === null || rule.fit === undefined) return this.wordMatches(rule);
    const fitting = this.fitIds(rule.fit);
    const { conditions, exceptions } = rule;
    if (conditions.length === 0 && exceptions.length === 0) return fitting;
    // Its words as a rule of their own: with conditions, the jobs they match (exceptions
    // applied); with exceptions only, the jobs any exception matches, taken out.
    const words = compileRule(
      conditions.length > 0
        ? { ...rule, fit: null }
        : { ...rule, fit: null, conditions: exceptions, match: 'any', exceptions: [] },
    );
    const matched = new Set(this.wordMatches(words));
    return fitting.filter((id) => matched.has(id) === conditions.length > 0);
  }

  /** The ids of the stored jobs a rule's words match, highest (newest posting) first. */
  private wordMatches(rule: CompiledRule, exact = this.exactQuery(rule)): string[] {
    const query = exact ?? rule.ftsQuery;
    if (query === null || query === '') return [];
    const rowids = this.p('SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ? ORDER BY rowid DESC')
      .all(query)
      .map((raw) => String(rowidSchema.parse(raw).rowid));
    if (exact !== null) return rowids;
    // Only the columns the rule reads: a description is long.
    const column = (field: RuleField, name: string, value = name) =>
      rule.fields.has(field) ? `${value} AS ${name}` : `'' AS ${name}`;
    const check = this.p(
      `SELECT j.id, ${column('title', 'title', 'j.title')},
         ${column('company', 'company_name', 'j.company_name')},
         ${column('location', 'location', 'j.location')},
         ${column('description', 'description', jobDescriptionSql('description'))}
       FROM jobs j WHERE j.id IN (${IDS})`,
    );
    const kept = new Set<string>();
    for (let i = 0; i < rowids.length; i += CHECK_CHUNK) {
      const ids = JSON.stringify(rowids.slice(i, i + CHECK_CHUNK));
      for (const raw of check.all({ ids })) {
        const row = textRowSchema.parse(raw);
        // As the index holds it: a description not fetched yet is empty text.
        const words = new JobWords({
          title: row.title,
          company: row.company_name,
          location: row.location,
          description: row.description ?? '',
        });
        if (rule.matches(words)) kept.add(row.id);
      }
    }
    return rowids.filter((id) => kept.has(id));
  }

  preview(rule: CompiledRule): RulePreview {
    if (rule.fit !== null && rule.fit !== undefined) {
      const ids = this.matchingIds(rule);
      return { matches: ids.length, examples: this.examples(ids.slice(0, RULE_PREVIEW_TITLES)) };
    }
    const exact = this.exactQuery(rule);
    if (exact === '') return { matches: 0, examples: [] };
    // When the index alone answers, it counts the matches and gives the newest few without
    // handing every match over: "experience" in 200,000 descriptions 378 -> 19 ms.
    if (exact !== null) {
      const matches = countSchema.parse(
        this.p('SELECT COUNT(*) AS n FROM jobs_fts WHERE jobs_fts MATCH ?').get(exact),
      ).n;
      const top = this.p(
        `SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ? ORDER BY rowid DESC LIMIT ${RULE_PREVIEW_TITLES}`,
      )
        .all(exact)
        .map((raw) => String(rowidSchema.parse(raw).rowid));
      return { matches, examples: this.examples(top) };
    }
    const ids = this.wordMatches(rule, exact);
    return { matches: ids.length, examples: this.examples(ids.slice(0, RULE_PREVIEW_TITLES)) };
  }

  /** The title and company of each job, in the order given. */
  private examples(top: readonly string[]): RulePreview['examples'] {
    const byId = new Map(
      this.p(`SELECT id, title, company_name FROM jobs WHERE id IN (${IDS})`)
        .all({ ids: JSON.stringify(top) })
        .map((raw) => exampleSchema.parse(raw))
        .map((row) => [row.id, row]),
    );
    return top.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id: Number(row.id), title: row.title, company_name: row.company_name }] : [];
    });
  }

  /**
   * What the rule does to the stored jobs it matches: hide the new or seen ones (never a job the
   * operator saved, applied to or hid), label them, or mark them muted, never a job in the
   * application pipeline (decision 056); a flag or mute rule also
   * takes its label or mark off the jobs it no longer matches. With dryRun, only counts.
   */
  apply(rule: CompiledRule, dryRun: boolean): RuleApplyResult {
    const matching = this.matchingIds(rule);
    const params = { ids: JSON.stringify(matching), rule: rule.id };
    const count = (sql: string) => countSchema.parse(this.p(sql).get(params)).n;
    const run = (sql: string) => this.p(sql).run(params).changes;
    let changed: number;
    if (rule.action === 'hide') {
      changed = this.jobs.hideMatching(params, dryRun);
    } else if (rule.action === 'flag') {
      const add = `FROM json_each(@ids) WHERE value NOT IN (SELECT job_id FROM job_flags WHERE rule_id = @rule)
        AND ${NOT_IN_PIPELINE('value')}`;
      const drop = `FROM job_flags WHERE rule_id = @rule AND job_id NOT IN (${IDS})`;
      changed = dryRun
        ? count(`SELECT COUNT(*) AS n ${add}`) + count(`SELECT COUNT(*) AS n ${drop}`)
        : this.sqlite.transaction(
            () =>
              run(`INSERT OR IGNORE INTO job_flags (rule_id, job_id) SELECT @rule, value ${add}`) +
              run(`DELETE ${drop}`),
          )();
    } else {
      changed = this.jobs.muteMatching(params, dryRun);
    }
    return { matches: matching.length, changed, dry_run: dryRun };
  }

  /**
   * The jobs the rule hid whose state nobody changed since (the operator's triage clears the
   * mark), back to the state they had. With dryRun, how many.
   */
  restore(ruleId: number, dryRun: boolean): number {
    return this.jobs.restoreHidden(ruleId, dryRun);
  }
}
