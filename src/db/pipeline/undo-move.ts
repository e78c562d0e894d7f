import type SQLite from 'better-sqlite3';
import {
  isClosingStage,
  jobStateOfStage,
  UNDO_FIRST_ENTRY,
  UNDO_NO_ANSWER_RULE,
  UNDO_NOT_LATEST,
} from '../../contract';
import { JobStates } from '../jobs/job-states';
import { EVENT_COLUMNS, eventRowSchema } from './application-rows';

// Undoing a move (issue 39, docs/decisions/059): the application's latest history entry goes, as
// if the move had never been made. The stage and its date come back from the entry before it
// (stage_since is always the latest entry's `at`), the next step the move ended comes back with
// it, and the job's triage state follows the stage, in the caller's transaction.

/** Why an undo is refused: the entry is not the application's, or it may not be undone. */
export type UndoRefusal = 'not-found' | { conflict: string };

export class UndoMove {
  private readonly s;
  private readonly jobs: JobStates;

  constructor(sqlite: SQLite.Database) {
    const p = (text: string) => sqlite.prepare(text);
    this.jobs = new JobStates(sqlite);
    this.s = {
      // The two latest entries: the move to undo and the one whose stage comes back.
      latest: p(
        `SELECT ${EVENT_COLUMNS} FROM application_events WHERE job_id = ? ORDER BY id DESC LIMIT 2`,
      ),
      owned: p('SELECT 1 FROM application_events WHERE id = ? AND job_id = ?'),
      remove: p('DELETE FROM application_events WHERE id = ?'),
      // The ended step comes back; a stage that closes the application keeps none.
      restore: p(
        `UPDATE applications SET stage = @stage, stage_since = @at, updated_at = @now,
           next_step_at = CASE WHEN @closed THEN NULL WHEN @endedAt IS NOT NULL THEN @endedAt
             ELSE next_step_at END,
           next_step_what = CASE WHEN @closed THEN NULL WHEN @endedAt IS NOT NULL THEN @endedWhat
             ELSE next_step_what END
         WHERE job_id = @job`,
      ),
    };
  }

  /** Undoes the move recorded as `eventId`; answers why not when it may not be undone. */
  run(jobId: string, eventId: number, now: number): UndoRefusal | null {
    if (this.s.owned.get(eventId, jobId) === undefined) return 'not-found';
    const [move, before] = this.s.latest.all(jobId).map((row) => eventRowSchema.parse(row));
    if (move?.id !== eventId) return { conflict: UNDO_NOT_LATEST };
    if (before === undefined) return { conflict: UNDO_FIRST_ENTRY };
    if (move.source === 'product') return { conflict: UNDO_NO_ANSWER_RULE };
    this.s.remove.run(eventId);
    this.s.restore.run({
      job: jobId,
      stage: before.stage,
      at: before.at,
      now,
      closed: isClosingStage(before.stage) ? 1 : 0,
      endedAt: move.ended_step_at,
      endedWhat: move.ended_step_what,
    });
    this.jobs.followStage(jobId, jobStateOfStage(before.stage));
    return null;
  }
}
