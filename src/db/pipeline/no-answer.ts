import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';

// The No answer rule (issue 33, docs/decisions/056): an application in Applied whose stage_since
// is `days` ago or more moves to No answer, recorded by the product at stage_since + days (when
// the rule says it happened, not when the sweep ran). As every closing move, it ends the next
// step, kept in the history entry (decision 059). Set-based, in one transaction per sweep: the
// index applications_stage (stage, stage_since) finds them. jobs.state is not written: No answer
// keeps 'applied', as Applied does (jobStateOfStage).

const DAY_MS = 86_400_000;

export class NoAnswerSweep {
  private readonly s;

  private readonly sqlite: SQLite.Database;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    const p = (text: string) => sqlite.prepare(text);
    const due = `stage = 'applied' AND left_at IS NULL AND stage_since <= @now - @span`;
    this.s = {
      // No answer closes the application: its next step ends, kept in the entry (decision 059).
      events: p(
        `INSERT INTO application_events
           (job_id, stage, at, recorded_at, source, ended_step_at, ended_step_what)
         SELECT job_id, 'no_answer', stage_since + @span, @now, 'product', next_step_at,
           next_step_what FROM applications
         WHERE ${due} ORDER BY stage_since, job_id`,
      ),
      move: p(
        `UPDATE applications SET stage = 'no_answer', stage_since = stage_since + @span,
           next_step_at = NULL, next_step_what = NULL, updated_at = @now WHERE ${due}`,
      ),
    };
  }

  /** Moves the applications due; answers how many. */
  run(days: number, now: number): number {
    const params = { now, span: days * DAY_MS };
    return this.sqlite.transaction(() => {
      const recorded = this.s.events.run(params).changes;
      if (recorded > 0) this.s.move.run(params);
      return recorded;
    })();
  }
}
