import type SQLite from 'better-sqlite3';
import type { JobState } from '../../contract';

// The operator's triage on the Jobs screen (`PATCH /jobs/{id}`, `POST /jobs/state`), and the
// state a job in the application pipeline keeps (src/db/pipeline/ calls these inside its own
// transactions, on the same connection: decision 052, 056).

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
      // Written only when it changes something: most moves (Screening -> Interviewing) keep
      // 'applied', and each write of jobs.state runs the Overview's triggers (decision 055). A
      // carried state is the operator's once the job is in the pipeline: the repost step never
      // undoes it then.
      followStage: p(
        `UPDATE jobs SET state = @state, hidden_by_rule_id = NULL, state_before_rule = NULL,
           repost_carried = NULL
         WHERE id = @id AND (state <> @state OR repost_carried IS NOT NULL)`,
      ),
      exists: p('SELECT 1 FROM jobs WHERE id = ?'),
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

  /** A job in the pipeline: its state follows its application's stage (jobStateOfStage). */
  followStage(id: string, state: 'saved' | 'applied'): void {
    this.s.followStage.run({ id, state });
  }

  exists(id: string): boolean {
    return this.s.exists.get(id) !== undefined;
  }
}
