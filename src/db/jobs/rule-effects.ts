import type SQLite from 'better-sqlite3';
import { StatementCache } from '../statement-cache';
import { z } from 'zod';

// What rules do to the jobs' own rows (docs/decisions/036): a hide sets the state only of a job
// still new or seen, and records which rule set it and the state it replaced, so the rule can
// bring it back while nobody has changed it since; a mute marks the job. The rules' module
// (src/db/rules/) calls these on the same connection, so one transaction spans both groups
// (decision 052). Prepared statements: the runner applies rules to every job a batch stores.

const countSchema = z.object({ n: z.number() });

const IDS = 'SELECT value FROM json_each(@ids)';

/**
 * Rules never touch a job in the application pipeline (issue 33, decision 056): no hide (a hide
 * takes only new or seen jobs, which are never on the board), no flag, no mute. A mark that no
 * longer holds still comes off (the rule's own clean-up, as when it is deleted).
 */
export const NOT_IN_PIPELINE = (job: string) =>
  `NOT EXISTS (SELECT 1 FROM applications a WHERE a.job_id = ${job} AND a.left_at IS NULL)`;

/** Writes what a matching rule does to one job. */
const JOB_RULE_WRITE_SQL = {
  // Never a job the operator saved or applied to, nor one already hidden (its reason stays).
  hide: `UPDATE jobs SET state = 'hidden', hidden_by_rule_id = @rule, state_before_rule = state
    WHERE id = @job AND state IN ('new','seen')`,
  mute: `UPDATE jobs SET muted_by_rule_id = @rule
    WHERE id = @job AND muted_by_rule_id IS NULL AND ${NOT_IN_PIPELINE('@job')}`,
} as const;

/** A rule and the stored jobs it matches, as a JSON array of their ids. */
export interface RuleMatches {
  ids: string;
  rule: number;
}

export class JobRuleEffects {
  private readonly s;

  private readonly cache: StatementCache;

  constructor(private readonly sqlite: SQLite.Database) {
    this.cache = new StatementCache(this.sqlite);
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      hide: p(JOB_RULE_WRITE_SQL.hide),
      mute: p(JOB_RULE_WRITE_SQL.mute),
      dropMutes: p('UPDATE jobs SET muted_by_rule_id = NULL WHERE muted_by_rule_id = ?'),
      dropAllMutes: p(
        'UPDATE jobs SET muted_by_rule_id = NULL WHERE muted_by_rule_id IN (SELECT value FROM json_each(?))',
      ),
    };
  }

  private p(text: string): SQLite.Statement {
    return this.cache.get(text);
  }

  private count(sql: string, params: RuleMatches | { rule: number }): number {
    return countSchema.parse(this.p(sql).get(params)).n;
  }

  private run(sql: string, params: RuleMatches | { rule: number }): number {
    return this.p(sql).run(params).changes;
  }

  /** Hides one job by the rule; answers whether it did (the job was new or seen). */
  hideJob(ruleId: number, jobId: string): boolean {
    return this.s.hide.run({ rule: ruleId, job: jobId }).changes > 0;
  }

  /** Mutes one job by the rule, unless another rule muted it first or it is in the pipeline. */
  muteJob(ruleId: number, jobId: string): void {
    this.s.mute.run({ rule: ruleId, job: jobId });
  }

  /** Takes the rule's mutes off every job. */
  unmuteAll(ruleId: number): void {
    this.s.dropMutes.run(ruleId);
  }

  /** Takes the mutes of every rule in `ruleIds` (a JSON array) off every job, in one pass. */
  unmuteAllOf(ruleIds: string): void {
    this.s.dropAllMutes.run(ruleIds);
  }

  /** Hides the matched jobs still new or seen; with dryRun, only counts them. */
  hideMatching(matches: RuleMatches, dryRun: boolean): number {
    const where = `id IN (${IDS}) AND state IN ('new','seen')`;
    return dryRun
      ? this.count(`SELECT COUNT(*) AS n FROM jobs WHERE ${where}`, matches)
      : this.run(
          `UPDATE jobs SET state = 'hidden', hidden_by_rule_id = @rule, state_before_rule = state WHERE ${where}`,
          matches,
        );
  }

  /**
   * Mutes the matched jobs not muted yet (but those in the pipeline) and takes the rule's mute
   * off the jobs it no longer matches; with dryRun, only counts both.
   */
  muteMatching(matches: RuleMatches, dryRun: boolean): number {
    const add = `id IN (${IDS}) AND muted_by_rule_id IS NULL AND ${NOT_IN_PIPELINE('jobs.id')}`;
    const drop = `muted_by_rule_id = @rule AND id NOT IN (${IDS})`;
    return dryRun
      ? this.count(`SELECT COUNT(*) AS n FROM jobs WHERE ${add}`, matches) +
          this.count(`SELECT COUNT(*) AS n FROM jobs WHERE ${drop}`, matches)
      : this.sqlite.transaction(
          () =>
            this.run(`UPDATE jobs SET muted_by_rule_id = @rule WHERE ${add}`, matches) +
            this.run(`UPDATE jobs SET muted_by_rule_id = NULL WHERE ${drop}`, matches),
        )();
  }

  /**
   * The jobs the rule hid whose state nobody changed since (the operator's triage clears the
   * mark), back to the state they had. With dryRun, how many.
   */
  restoreHidden(ruleId: number, dryRun: boolean): number {
    const where = `hidden_by_rule_id = @rule AND state = 'hidden'`;
    if (dryRun)
      return this.count(`SELECT COUNT(*) AS n FROM jobs WHERE ${where}`, { rule: ruleId });
    return this.run(
      `UPDATE jobs SET state = COALESCE(state_before_rule, 'new'), hidden_by_rule_id = NULL,
         state_before_rule = NULL WHERE ${where}`,
      { rule: ruleId },
    );
  }
}
