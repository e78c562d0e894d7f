import type SQLite from 'better-sqlite3';
import {
  isClosingStage,
  jobStateOfStage,
  type ApplicationEventSource,
  type ApplicationStage,
} from '../../contract';
import { JobStates } from '../jobs/job-states';
import { placeRowSchema, type ApplicationPlace } from './application-rows';

// The writes that put a job in the pipeline, move it, take it off the board and bring it back:
// each one keeps jobs.state on the stage (jobStateOfStage) through the jobs module, on the same
// connection, so the caller's transaction holds both (decisions 052 and 056). Prepared: moving a
// card is a measured hot path (<= 50 ms p95 over HTTP, 2,000 applications among 200,000 jobs).

export class ApplicationWrites {
  private readonly s;
  private readonly jobs: JobStates;

  constructor(sqlite: SQLite.Database) {
    const p = (text: string) => sqlite.prepare(text);
    this.jobs = new JobStates(sqlite);
    this.s = {
      place: p('SELECT stage, left_at FROM applications WHERE job_id = ?'),
      // From the jobs row, so that a job that is not stored inserts nothing.
      insert: p(
        `INSERT INTO applications (job_id, stage, stage_since, created_at, updated_at)
         SELECT id, @stage, @at, @now, @now FROM jobs WHERE id = @job`,
      ),
      event: p(
        `INSERT INTO application_events (job_id, stage, at, recorded_at, source)
         VALUES (@job, @stage, @at, @now, @source)`,
      ),
      // A move that ends the next step keeps it in its entry (decision 059).
      moveEvent: p(
        `INSERT INTO application_events
           (job_id, stage, at, recorded_at, source, ended_step_at, ended_step_what)
         SELECT job_id, @stage, @at, @now, @source,
           CASE WHEN @ends THEN next_step_at END, CASE WHEN @ends THEN next_step_what END
         FROM applications WHERE job_id = @job`,
      ),
      // stage_since is the `at` of the latest entry by id: the one just written.
      setStage: p(
        `UPDATE applications SET stage = @stage, stage_since = @at, updated_at = @now,
           next_step_at = CASE WHEN @ends THEN NULL ELSE next_step_at END,
           next_step_what = CASE WHEN @ends THEN NULL ELSE next_step_what END
         WHERE job_id = @job`,
      ),
      bringBack: p('UPDATE applications SET left_at = NULL, updated_at = @now WHERE job_id = @job'),
      leave: p(
        `UPDATE applications SET left_at = @now, updated_at = @now
         WHERE job_id IN (SELECT value FROM json_each(@ids)) AND left_at IS NULL`,
      ),
    };
  }

  /** The application's stage and whether it is off the board; undefined when the job has none. */
  place(jobId: string): ApplicationPlace | undefined {
    const row: unknown = this.s.place.get(jobId);
    return row === undefined ? undefined : placeRowSchema.parse(row);
  }

  /** Puts a stored job in the pipeline at `stage`; false when there is no such job. */
  enter(
    jobId: string,
    stage: ApplicationStage,
    at: number,
    now: number,
    source: ApplicationEventSource,
  ): boolean {
    if (this.s.insert.run({ job: jobId, stage, at, now }).changes === 0) return false;
    this.s.event.run({ job: jobId, stage, at, now, source });
    this.jobs.followStage(jobId, jobStateOfStage(stage));
    return true;
  }

  /**
   * Records the move in the history and puts the application (and the job's state) there. A move
   * to a closing stage ends the next step, and so does one that `endsStep` (the caller clears or
   * replaces it with the move): the entry keeps the step it ended.
   */
  move(
    jobId: string,
    stage: ApplicationStage,
    at: number,
    now: number,
    source: ApplicationEventSource,
    { endsStep = false }: { endsStep?: boolean } = {},
  ): void {
    const ends = endsStep || isClosingStage(stage) ? 1 : 0;
    this.s.moveEvent.run({ job: jobId, stage, at, now, source, ends });
    this.s.setStage.run({ job: jobId, stage, at, now, ends });
    this.jobs.followStage(jobId, jobStateOfStage(stage));
  }

  /** Back on the board at the stage it had, the job's state on that stage. */
  bringBack(jobId: string, stage: ApplicationStage, now: number): void {
    this.s.bringBack.run({ job: jobId, now });
    this.jobs.followStage(jobId, jobStateOfStage(stage));
  }

  /** Off the board (Jobs triage moved the jobs out of saved/applied): history and notes kept. */
  leave(jobIds: readonly string[], now: number): number {
    return this.s.leave.run({ ids: JSON.stringify(jobIds), now }).changes;
  }

  /** The job's state on its application's stage (after triage set another). */
  followStage(jobId: string, stage: ApplicationStage): void {
    this.jobs.followStage(jobId, jobStateOfStage(stage));
  }

  /** Whether the jobs table holds the job. */
  jobExists(jobId: string): boolean {
    return this.jobs.exists(jobId);
  }
}
