import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import {
  foldWord,
  RULE_DEFAULT_COLOR,
  RULES_EXPORT_VERSION,
  RULE_NEEDS_A_CONDITION,
  RULES_MAX,
  type RulePatch,
  type RuleSetExport,
  type RuleWrite,
} from '../../contract';
import { JobRuleEffects } from '../jobs/rule-effects';
import { fitColumns, ruleDefinition, ruleRowSchema, type RuleRow } from './rule-rows';

// The rule set's reads and writes, as synchronous statements on the server's connection (the
// runner reads the same table on every page it stores). A deleted rule is kept, marked, so the
// jobs it hid still name it and can be brought back (docs/decisions/036).

export const RULE_NOT_FOUND_MESSAGE = 'Rule not found';

/** The rule asked for does not exist, or was deleted: the server answers 404. */
export class RuleNotFoundError extends Error {
  constructor() {
    super(RULE_NOT_FOUND_MESSAGE);
    this.name = 'RuleNotFoundError';
  }
}

/** The rule set refuses the change (a name taken, too many rules, a wrong order): 400. */
export class RuleSetRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleSetRefusedError';
  }
}

const LIVE = 'deleted_at IS NULL';
const ruleNameSchema = z.object({ id: z.number(), name: z.string() });

/** A rule's name as compared for duplicates: case, accents and spacing aside. */
const nameKey = (name: string) => foldWord(name.trim().replace(/\s+/g, ' '));

/** The stored form of a rule's colour: a flag's label colour, nothing for the other actions. */
const storedColor = (action: RuleWrite['action'], color: RuleWrite['color']) =>
  action === 'flag' ? (color ?? RULE_DEFAULT_COLOR) : null;

/** A stored rule as written: what an edit starts from. */
function written(row: RuleRow) {
  return { ...ruleDefinition(row), enabled: row.enabled === 1 };
}

/** A rule as the export file holds it: a rule without a fit condition as before issue 40. */
function exported(row: RuleRow) {
  const { fit, ...rule } = written(row);
  return fit === null ? rule : { ...rule, fit };
}

export class RuleRepository {
  private readonly s;
  private readonly jobs: JobRuleEffects;

  private readonly sqlite: SQLite.Database;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    this.jobs = new JobRuleEffects(sqlite);
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      list: p(`SELECT * FROM rules WHERE ${LIVE} ORDER BY position, id`),
      // Without the conditions: a rule at the limits is some 90 kB of them, and adding one
      // to a set of 200 read every other's to count them and compare names (5.8 s for 200).
      names: p(`SELECT id, name FROM rules WHERE ${LIVE}`),
      find: p('SELECT * FROM rules WHERE id = ?'),
      insert: p(
        `INSERT INTO rules (name, conditions, match, exceptions, action, color, fit_op, fit_value, enabled, position, created_at, updated_at)
         VALUES (@name, @conditions, @match, @exceptions, @action, @color, @fit_op, @fit_value, @enabled,
                 (SELECT COALESCE(MAX(position), 0) + 1 FROM rules WHERE ${LIVE}), @now, @now)`,
      ),
      update: p(
        `UPDATE rules SET name = @name, conditions = @conditions, match = @match, exceptions = @exceptions,
           action = @action, color = @color, fit_op = @fit_op, fit_value = @fit_value,
           enabled = @enabled, updated_at = @now WHERE id = @id`,
      ),
      setPosition: p('UPDATE rules SET position = @position, updated_at = @now WHERE id = @id'),
      markDeleted: p('UPDATE rules SET deleted_at = @now, updated_at = @now WHERE id = @id'),
      // A deleted rule's labels and mutes no longer hold (its mutes: JobRuleEffects.unmuteAll);
      // its hides stay until brought back.
      dropFlags: p('DELETE FROM job_flags WHERE rule_id = ?'),
      // Replacing the set deletes every rule at once: one pass over the jobs (no index reads
      // muted_by_rule_id, JobRuleEffects.unmuteAllOf) and no renumbering, instead of both for
      // each rule.
      markAllDeleted: p(
        `UPDATE rules SET deleted_at = @now, updated_at = @now WHERE id IN (SELECT value FROM json_each(@ids))`,
      ),
      dropAllFlags: p('DELETE FROM job_flags WHERE rule_id IN (SELECT value FROM json_each(?))'),
      renumber: p(
        `UPDATE rules SET position = (SELECT COUNT(*) FROM rules r2 WHERE r2.${LIVE}
           AND (r2.position < rules.position OR (r2.position = rules.position AND r2.id <= rules.id)))
         WHERE ${LIVE}`,
      ),
    };
  }

  list(): RuleRow[] {
    return this.s.list.all().map((raw) => ruleRowSchema.parse(raw));
  }

  private names(): { id: number; name: string }[] {
    return this.s.names.all().map((raw) => ruleNameSchema.parse(raw));
  }

  /** A rule that is not deleted, or a RuleNotFoundError. */
  live(id: number): RuleRow {
    const row = this.find(id);
    if (!row || row.deleted_at !== null) throw new RuleNotFoundError();
    return row;
  }

  /** Any rule, deleted ones included (they can still bring back what they hid). */
  find(id: number): RuleRow | undefined {
    const raw: unknown = this.s.find.get(id);
    return raw === undefined ? undefined : ruleRowSchema.parse(raw);
  }

  private assertNameFree(name: string, exceptId: number | null): void {
    const key = nameKey(name);
    const clash = this.names().find((r) => r.id !== exceptId && nameKey(r.name) === key);
    if (clash) throw new RuleSetRefusedError(`A rule named "${clash.name}" already exists`);
  }

  private insertRow(rule: RuleWrite, now: number): number {
    const info = this.s.insert.run({
      name: rule.name,
      conditions: JSON.stringify(rule.conditions),
      match: rule.match,
      exceptions: JSON.stringify(rule.exceptions),
      action: rule.action,
      color: storedColor(rule.action, rule.color),
      ...fitColumns(rule.fit ?? null),
      enabled: rule.enabled ? 1 : 0,
      now,
    });
    return Number(info.lastInsertRowid);
  }

  create(rule: RuleWrite, now: number): RuleRow {
    return this.sqlite.transaction(() => {
      if (this.names().length >= RULES_MAX) {
        throw new RuleSetRefusedError(`A rule set holds at most ${RULES_MAX} rules`);
      }
      this.assertNameFree(rule.name, null);
      return this.live(this.insertRow(rule, now));
    })();
  }

  update(id: number, patch: RulePatch, now: number): RuleRow {
    return this.sqlite.transaction(() => {
      const row = this.live(id);
      const current = written(row);
      const next = {
        name: patch.name ?? current.name,
        conditions: patch.conditions ?? current.conditions,
        match: patch.match ?? current.match,
        exceptions: patch.exceptions ?? current.exceptions,
        action: patch.action ?? current.action,
        color: patch.color === undefined ? current.color : patch.color,
        fit: patch.fit === undefined ? current.fit : patch.fit,
        enabled: patch.enabled ?? current.enabled,
      };
      if (next.conditions.length === 0 && next.fit === null) {
        throw new RuleSetRefusedError(`${RULE_NEEDS_A_CONDITION} (words, or a fit)`);
      }
      if (patch.name !== undefined) this.assertNameFree(next.name, id);
      this.s.update.run({
        id,
        name: next.name,
        conditions: JSON.stringify(next.conditions),
        match: next.match,
        exceptions: JSON.stringify(next.exceptions),
        action: next.action,
        color: storedColor(next.action, next.color),
        ...fitColumns(next.fit),
        enabled: next.enabled ? 1 : 0,
        now,
      });
      // A rule that no longer flags or mutes takes its labels or mutes off. A disabled rule's
      // labels stay stored but unshown (src/db/rules/job-rule-marks.ts): enabling it again
      // brings them back.
      if (next.action !== 'flag') this.s.dropFlags.run(id);
      if (next.action !== 'mute') this.jobs.unmuteAll(id);
      return this.live(id);
    })();
  }

  /** Marks the rule deleted; its labels and mutes go, its hides stay until brought back. */
  delete(id: number, now: number): RuleRow {
    return this.sqlite.transaction(() => {
      const row = this.live(id);
      this.s.markDeleted.run({ id, now });
      this.s.dropFlags.run(id);
      this.jobs.unmuteAll(id);
      this.s.renumber.run();
      return row;
    })();
  }

  /** `ids`: every rule's id once, in the new order. */
  reorder(ids: readonly number[], now: number): RuleRow[] {
    return this.sqlite.transaction(() => {
      const live = this.list().map((r) => r.id);
      const given = new Set(ids);
      const missing = live.filter((id) => !given.has(id));
      const unknown = ids.filter((id) => !live.includes(id));
      if (given.size !== ids.length || missing.length > 0 || unknown.length > 0) {
        const parts = [
          given.size !== ids.length ? 'an id given twice' : null,
          missing.length > 0 ? `missing ${missing.join(', ')}` : null,
          unknown.length > 0 ? `unknown ${unknown.join(', ')}` : null,
        ].filter((p) => p !== null);
        throw new RuleSetRefusedError(`ids must list every rule once: ${parts.join('; ')}`);
      }
      ids.forEach((id, i) => {
        this.s.setPosition.run({ id, position: i + 1, now });
      });
      return this.list();
    })();
  }

  export(): RuleSetExport {
    return {
      version: RULES_EXPORT_VERSION,
      rules: this.list().map(exported),
    };
  }

  /**
   * Adds the rules (their names must be new, to the set and to each other), or replaces the set
   * (the old rules are deleted: what they hid stays hidden and can still be brought back).
   */
  import(rules: readonly RuleWrite[], mode: 'add' | 'replace', now: number): RuleRow[] {
    return this.sqlite.transaction(() => {
      const seen = new Map<string, string>();
      for (const rule of rules) {
        const key = nameKey(rule.name);
        if (seen.has(key)) {
          throw new RuleSetRefusedError(
            `The rule set names "${rule.name}" twice: names must differ`,
          );
        }
        seen.set(key, rule.name);
      }
      const existing = this.names();
      if (mode === 'replace') {
        const ids = JSON.stringify(existing.map((row) => row.id));
        this.s.markAllDeleted.run({ ids, now });
        this.s.dropAllFlags.run(ids);
        this.jobs.unmuteAllOf(ids);
      } else {
        const clashes = existing.filter((r) => seen.has(nameKey(r.name))).map((r) => r.name);
        if (clashes.length > 0) {
          throw new RuleSetRefusedError(
            `Rules named ${clashes.map((n) => `"${n}"`).join(', ')} already exist: rename them in the file, or import with mode=replace`,
          );
        }
        if (existing.length + rules.length > RULES_MAX) {
          throw new RuleSetRefusedError(
            `A rule set holds at most ${RULES_MAX} rules: ${existing.length} + ${rules.length} is too many`,
          );
        }
      }
      const ids = rules.map((rule) => this.insertRow(rule, now));
      return ids.map((id) => this.live(id));
    })();
  }
}
