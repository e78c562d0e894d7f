import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import { JobRuleEffects, NOT_IN_PIPELINE } from '../jobs/rule-effects';
import { ruleRowSchema, type RuleRow } from './rule-rows';

// The statements of the runner's rule gate (src/runner/apply-rules.ts): the enabled rules, read
// again only when rules_version moved, and what a matching rule does to a job the batch stores.
// Prepared and synchronous: they run inside the batch's transactions, for every job it stores.

export const ENABLED_RULES_SQL = `SELECT * FROM rules WHERE enabled = 1 AND deleted_at IS NULL
  ORDER BY position, id`;

/** Labels one job with a matching flag rule, unless it is in the pipeline. */
const FLAG_JOB_SQL = `INSERT OR IGNORE INTO job_flags (rule_id, job_id)
  SELECT @rule, @job WHERE ${NOT_IN_PIPELINE('@job')}`;

const versionSchema = z.object({ version: z.number() });

const cardRowSchema = z.object({
  title: z.string(),
  company_name: z.string(),
  location: z.string(),
  fit_score: z.number().nullable(),
});

/** What a search card shows of a stored job, and its fit (best score, null without), as the rules read them. */
export type StoredJobCard = z.infer<typeof cardRowSchema>;

export class RuleGateStatements {
  private readonly s;
  private readonly jobs: JobRuleEffects;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      version: p('SELECT version FROM rules_version WHERE id = 1'),
      enabled: p(ENABLED_RULES_SQL),
      known: p('SELECT 1 FROM jobs WHERE id = ?'),
      card: p('SELECT title, company_name, location, fit_score FROM jobs WHERE id = ?'),
      flag: p(FLAG_JOB_SQL),
    };
    this.jobs = new JobRuleEffects(sqlite);
  }

  /**
   * The rule set's version (migration 0011's triggers move it on any change to the rules):
   * one indexed read of a number. Undefined without the row (deleted by hand).
   */
  version(): number | undefined {
    const row = versionSchema.safeParse(this.s.version.get());
    return row.success ? row.data.version : undefined;
  }

  /** The enabled rules, in order. */
  enabledRules(): RuleRow[] {
    return this.s.enabled.all().map((raw) => ruleRowSchema.parse(raw));
  }

  /** Whether the job is stored already. */
  known(jobId: string): boolean {
    return this.s.known.get(jobId) !== undefined;
  }

  /** The job's card as stored, undefined when there is none. */
  card(jobId: string): StoredJobCard | undefined {
    const card = cardRowSchema.safeParse(this.s.card.get(jobId));
    return card.success ? card.data : undefined;
  }

  /** Hides the job by the rule if it is still new or seen; answers whether it did. */
  hide(ruleId: number, jobId: string): boolean {
    return this.jobs.hideJob(ruleId, jobId);
  }

  flag(ruleId: number, jobId: string): void {
    this.s.flag.run({ rule: ruleId, job: jobId });
  }

  mute(ruleId: number, jobId: string): void {
    this.jobs.muteJob(ruleId, jobId);
  }
}
