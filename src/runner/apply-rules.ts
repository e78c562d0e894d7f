import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import { RULE_ACTIONS, RULE_COLORS, RULE_FIELDS, RULE_MATCHES } from '../contract';
import {
  compileRule,
  JobWords,
  type CompiledRule,
  type RuleJobText,
} from '../contract/rule-matcher';

// Rules acting on the jobs a batch stores (docs/decisions/036): a new job passes through the
// enabled rules as its card is stored (the rules that read only the card) and again when its
// details are stored (the rules that read the description). A hide sets the state only of a job
// still new or seen, and records which rule set it and the state it replaced, so the rule can
// bring it back while nobody has changed it since.

const conditionsSchema = z.array(z.object({ field: z.enum(RULE_FIELDS), value: z.string() }));

export const ruleRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  conditions: z.string(),
  match: z.enum(RULE_MATCHES),
  exceptions: z.string(),
  action: z.enum(RULE_ACTIONS),
  color: z.enum(RULE_COLORS).nullable(),
  enabled: z.number(),
  position: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
  deleted_at: z.number().nullable(),
});
export type RuleRow = z.infer<typeof ruleRowSchema>;

function parseConditions(text: string): z.infer<typeof conditionsSchema> {
  try {
    return conditionsSchema.parse(JSON.parse(text));
  } catch {
    return []; // a damaged row matches nothing rather than stopping the batch
  }
}

/** A stored rule, compiled (its conditions parsed from their JSON). */
export function compileRuleRow(row: RuleRow): CompiledRule {
  return compileRule({
    id: row.id,
    name: row.name,
    conditions: parseConditions(row.conditions),
    match: row.match,
    exceptions: parseConditions(row.exceptions),
    action: row.action,
    color: row.color,
  });
}

export const ENABLED_RULES_SQL = `SELECT * FROM rules WHERE enabled = 1 AND deleted_at IS NULL
  ORDER BY position, id`;

/** Compiles each rule once per version of its row: the runner asks for them on every page. */
export class RuleCache {
  private readonly compiled = new Map<string, CompiledRule>();

  get(row: RuleRow): CompiledRule {
    const key = `${row.id}:${row.updated_at}:${row.conditions}:${row.exceptions}:${row.match}:${row.action}:${row.name}:${row.color}`;
    let rule = this.compiled.get(key);
    if (!rule) {
      if (this.compiled.size > 1_000) this.compiled.clear();
      rule = compileRuleRow(row);
      this.compiled.set(key, rule);
    }
    return rule;
  }
}

/** Writes what a matching rule does to one job. Shared by the runner and "Apply to stored jobs". */
export const RULE_WRITE_SQL = {
  // Never a job the operator saved or applied to, nor one already hidden (its reason stays).
  hide: `UPDATE jobs SET state = 'hidden', hidden_by_rule_id = @rule, state_before_rule = state
    WHERE id = @job AND state IN ('new','seen')`,
  flag: 'INSERT OR IGNORE INTO job_flags (rule_id, job_id) VALUES (@rule, @job)',
  mute: 'UPDATE jobs SET muted_by_rule_id = @rule WHERE id = @job AND muted_by_rule_id IS NULL',
} as const;

const cardRowSchema = z.object({
  title: z.string(),
  company_name: z.string(),
  location: z.string(),
});

export type RuleStage = 'card' | 'details';

const versionSchema = z.object({ version: z.number() });

/** The runner's side: the enabled rules, applied to new jobs as the batch stores them. */
export class RuleGate {
  private readonly cache = new RuleCache();
  private readonly s;
  /** The enabled rules by stage, as of rules_version `version`. */
  private loaded: { version: number; card: CompiledRule[]; details: CompiledRule[] } | null = null;

  constructor(sqlite: SQLite.Database) {
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      version: p('SELECT version FROM rules_version WHERE id = 1'),
      enabled: p(ENABLED_RULES_SQL),
      known: p('SELECT 1 FROM jobs WHERE id = ?'),
      card: p('SELECT title, company_name, location FROM jobs WHERE id = ?'),
      hide: p(RULE_WRITE_SQL.hide),
      flag: p(RULE_WRITE_SQL.flag),
      mute: p(RULE_WRITE_SQL.mute),
    };
  }

  /**
   * The enabled rules that act at this stage, in order: on the card, those reading only what it
   * shows; with the details, the others. Empty when none: the caller then skips its checks.
   */
  rules(stage: RuleStage): CompiledRule[] {
    // Asked before every job: one indexed read of a number, and the rules read and compiled
    // again only when a change to them moved it (migration 0011's triggers).
    const row = versionSchema.safeParse(this.s.version.get());
    // Without the row (deleted by hand) NaN equals nothing: every call reads the rules again.
    const version = row.success ? row.data.version : Number.NaN;
    if (this.loaded === null || this.loaded.version !== version) {
      const all = this.s.enabled.all().map((raw) => this.cache.get(ruleRowSchema.parse(raw)));
      this.loaded = {
        version,
        card: all.filter((rule) => rule.cardOnly),
        details: all.filter((rule) => !rule.cardOnly),
      };
    }
    return stage === 'card' ? this.loaded.card : this.loaded.details;
  }

  /** Whether the job is stored already (a card seen before is not new: rules passed it then). */
  known(jobId: string): boolean {
    return this.s.known.get(jobId) !== undefined;
  }

  /** Applies `rules` to a job; answers whether one hid it. */
  apply(rules: readonly CompiledRule[], jobId: string, text: RuleJobText): boolean {
    if (rules.length === 0) return false;
    const words = new JobWords(text);
    let hidden = false;
    for (const rule of rules) {
      if (!rule.matches(words)) continue;
      const params = { rule: rule.id, job: jobId };
      if (rule.action === 'hide') hidden = this.s.hide.run(params).changes > 0 || hidden;
      else if (rule.action === 'flag') this.s.flag.run(params);
      else this.s.mute.run(params);
    }
    return hidden;
  }

  /** The rules that read the description, once a job's details are stored. */
  applyToDetails(jobId: string, description: string): void {
    const rules = this.rules('details');
    if (rules.length === 0) return;
    const card = cardRowSchema.safeParse(this.s.card.get(jobId));
    if (!card.success) return;
    this.apply(rules, jobId, {
      title: card.data.title,
      company: card.data.company_name,
      location: card.data.location,
      description,
    });
  }
}
