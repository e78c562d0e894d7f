import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import { RULE_COLORS, type JobFlag, type JobListItem, type JobRuleRef } from '../../contract';

// What the rules say about a page of jobs (their flags, the rule that hid or muted them), read in
// two indexed queries for the whole page rather than per row.

const flagRowSchema = z.object({
  job_id: z.string(),
  rule_id: z.number(),
  name: z.string(),
  color: z.enum(RULE_COLORS).nullable(),
});
const markRowSchema = z.object({
  id: z.string(),
  hidden_id: z.number().nullable(),
  hidden_name: z.string().nullable(),
  muted_id: z.number().nullable(),
  muted_name: z.string().nullable(),
});

const ref = (id: number | null, name: string | null): JobRuleRef | null =>
  id === null || name === null ? null : { id, name };

export class JobRuleMarks {
  private readonly s;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.s = {
      // Only enabled rules label: disabling a flag rule takes its labels off.
      flags: sqlite.prepare(
        `SELECT f.job_id, r.id AS rule_id, r.name, r.color FROM job_flags f JOIN rules r ON r.id = f.rule_id
         WHERE f.job_id IN (SELECT value FROM json_each(?)) AND r.enabled = 1 AND r.deleted_at IS NULL
         ORDER BY r.position, r.id`,
      ),
      // A hide names its rule even after the rule was deleted: the job is still hidden by it.
      marks: sqlite.prepare(
        `SELECT j.id, h.id AS hidden_id, h.name AS hidden_name, m.id AS muted_id, m.name AS muted_name
         FROM jobs j
         LEFT JOIN rules h ON h.id = j.hidden_by_rule_id AND j.state = 'hidden'
         LEFT JOIN rules m ON m.id = j.muted_by_rule_id AND m.deleted_at IS NULL
         WHERE j.id IN (SELECT value FROM json_each(?))
           AND (j.hidden_by_rule_id IS NOT NULL OR j.muted_by_rule_id IS NOT NULL)`,
      ),
    };
  }

  /** The items with their flags and the rules that hid or muted them. */
  fill<T extends JobListItem>(items: T[]): T[] {
    if (items.length === 0) return items;
    const ids = JSON.stringify(items.map((i) => String(i.id)));
    const flags = new Map<string, JobFlag[]>();
    for (const raw of this.s.flags.all(ids)) {
      const row = flagRowSchema.parse(raw);
      const list = flags.get(row.job_id) ?? [];
      list.push({ rule_id: row.rule_id, name: row.name, color: row.color ?? 'blue' });
      flags.set(row.job_id, list);
    }
    const marks = new Map<string, z.infer<typeof markRowSchema>>();
    for (const raw of this.s.marks.all(ids)) {
      const row = markRowSchema.parse(raw);
      marks.set(row.id, row);
    }
    return items.map((item) => {
      const mark = marks.get(String(item.id));
      return {
        ...item,
        flags: flags.get(String(item.id)) ?? [],
        hidden_by_rule: mark ? ref(mark.hidden_id, mark.hidden_name) : null,
        muted_by_rule: mark ? ref(mark.muted_id, mark.muted_name) : null,
      };
    });
  }
}
