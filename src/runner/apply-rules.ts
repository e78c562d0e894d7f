import {
  compileRule,
  JobWords,
  type CompiledRule,
  type RuleJobText,
} from '../contract/rule-matcher';
import type { ConnectionLike } from '../db/connection';
import { RuleGateStatements } from '../db/rules/gate-statements';
import { ruleDefinition, type RuleRow } from '../db/rules/rule-rows';

// Rules acting on the jobs a batch stores (docs/decisions/036): a new job passes through the
// enabled rules as its card is stored (the rules that read only the card) and again when its
// details are stored (the rules that read the description). A hide sets the state only of a job
// still new or seen, and records which rule set it and the state it replaced, so the rule can
// bring it back while nobody has changed it since.

/** A stored rule, compiled (its conditions parsed from their JSON). */
export function compileRuleRow(row: RuleRow): CompiledRule {
  return compileRule({ id: row.id, ...ruleDefinition(row) });
}

/** Compiles each rule once per version of its row: the runner asks for them on every page. */
export class RuleCache {
  private readonly compiled = new Map<string, CompiledRule>();

  get(row: RuleRow): CompiledRule {
    const key = `${row.id}:${row.updated_at}:${row.conditions}:${row.exceptions}:${row.match}:${row.action}:${row.name}:${row.color}:${row.fit_op}:${row.fit_value}`;
    let rule = this.compiled.get(key);
    if (!rule) {
      if (this.compiled.size > 1_000) this.compiled.clear();
      rule = compileRuleRow(row);
      this.compiled.set(key, rule);
    }
    return rule;
  }
}

export type RuleStage = 'card' | 'details';

/** The runner's side: the enabled rules, applied to new jobs as the batch stores them. */
export class RuleGate {
  private readonly cache = new RuleCache();
  private readonly s: RuleGateStatements;
  /** The enabled rules by stage, as of rules_version `version`. */
  private loaded: { version: number; card: CompiledRule[]; details: CompiledRule[] } | null = null;

  constructor(connection: ConnectionLike) {
    this.s = new RuleGateStatements(connection);
  }

  /**
   * The enabled rules that act at this stage, in order: on the card, those reading only what it
   * shows; with the details, the others. Empty when none: the caller then skips its checks.
   */
  rules(stage: RuleStage): CompiledRule[] {
    // Asked before every job: one indexed read of a number, and the rules read and compiled
    // again only when a change to them moved it (migration 0011's triggers).
    // Without the row (deleted by hand) NaN equals nothing: every call reads the rules again.
    const version = this.s.version() ?? Number.NaN;
    if (this.loaded === null || this.loaded.version !== version) {
      const all = this.s.enabledRules().map((row) => this.cache.get(row));
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
    return this.s.known(jobId);
  }

  /** Applies `rules` to a job; answers whether one hid it. */
  apply(rules: readonly CompiledRule[], jobId: string, text: RuleJobText): boolean {
    if (rules.length === 0) return false;
    const words = new JobWords(text);
    let hidden = false;
    for (const rule of rules) {
      if (!rule.matches(words)) continue;
      if (rule.action === 'hide') hidden = this.s.hide(rule.id, jobId) || hidden;
      else if (rule.action === 'flag') this.s.flag(rule.id, jobId);
      else this.s.mute(rule.id, jobId);
    }
    return hidden;
  }

  /**
   * The rules that read the description or the fit, once a job's details are stored and its fit
   * scored from them (the caller scores first).
   */
  applyToDetails(jobId: string, description: string): void {
    const rules = this.rules('details');
    if (rules.length === 0) return;
    const card = this.s.card(jobId);
    if (!card) return;
    this.apply(rules, jobId, {
      title: card.title,
      company: card.company_name,
      location: card.location,
      description,
      fit: card.fit_score,
    });
  }
}
