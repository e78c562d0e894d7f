import type SQLite from 'better-sqlite3';
import type { JobState } from '../../contract';

// The operator's triage on the Jobs screen (`PATCH /jobs/{id}`, `POST /jobs/state`).

export class JobStates {
  private readonly s;

  constructor(sqlite: SQLite.Database) {
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      // The operator's triage: a rule no longer holds the state it set (it cannot undo it).
      setState: p(
        `UPDATE jobs SET state = ?, hidden_by_rule_id = NULL, state_before_rule = NULL,
           repost_carried = NULL WHERE id = ?`,
      ),
      setStates: p(
        `UPDATE jobs SET state = @state, hidden_by_rule_id = NULL, state_before_rule = NULL,
           repost_carried = NULL
         WHERE id IN (SELECT value FROM json_each(@ids))`,
      ),
    };
  }

  /** false when there is no such job. */
  setState(id: number, state: JobState): boolean {
    return this.s.setState.run(state, String(id)).changes > 0;
  }

  /** How many of the jobs were set (those that exist; unknown ids are skipped). */
  setStates(ids: readonly number[], state: JobState): number {
    return this.s.setStates.run({ state, ids: JSON.stringify(ids.map(String)) }).changes;
  }
}
