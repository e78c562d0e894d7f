import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { jobStateOfStage, type JobState } from '../../contract';
import { JobStates } from '../jobs/job-states';
import { ApplicationWrites } from './application-writes';

// Jobs triage (`PATCH /jobs/{id}`, `POST /jobs/state`) and the pipeline, in one transaction
// (docs/decisions/056). Saved or applied puts a job in the pipeline, brings it back on the board,
// or moves Saved -> Applied; it never moves a later stage back, and the job's state stays on its
// stage (bulk "saved" on an Interviewing job leaves it Interviewing, and applied). New, seen and
// hidden take it off the board (left_at), its history and notes kept for when it comes back.

export class PipelineTriage {
  private readonly jobs: JobStates;
  private readonly writes: ApplicationWrites;

  private readonly sqlite: SQLite.Database;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    this.jobs = new JobStates(sqlite);
    this.writes = new ApplicationWrites(sqlite);
  }

  /** The state the job ends in (its stage's when in the pipeline); undefined when there is none. */
  setState(id: number, state: JobState, now: number): JobState | undefined {
    return this.sqlite.transaction(() => {
      if (!this.jobs.setState(id, state)) return undefined;
      return this.sync(String(id), state, now);
    })();
  }

  /** How many of the jobs were set (those that exist; unknown ids are skipped). */
  setStates(ids: readonly number[], state: JobState, now: number): number {
    return this.sqlite.transaction(() => {
      const updated = this.jobs.setStates(ids, state);
      if (state === 'saved' || state === 'applied') {
        for (const id of new Set(ids)) this.sync(String(id), state, now);
      } else {
        this.writes.leave(
          ids.map((id) => String(id)),
          now,
        );
      }
      return updated;
    })();
  }

  /** One job's application after triage set `state` on it; answers the job's state now. */
  private sync(id: string, state: JobState, now: number): JobState {
    if (state !== 'saved' && state !== 'applied') {
      this.writes.leave([id], now);
      return state;
    }
    const place = this.writes.place(id);
    if (place === undefined) {
      // A job the bulk call named that is not stored enters nothing.
      this.writes.enter(id, state, now, now, 'triage');
      return state;
    }
    if (place.left_at !== null) this.writes.bringBack(id, place.stage, now);
    if (state === 'applied' && place.stage === 'saved') {
      this.writes.move(id, 'applied', now, now, 'triage');
      return 'applied';
    }
    // Never back: a later stage keeps its place, and the job the state of that stage.
    this.writes.followStage(id, place.stage);
    return jobStateOfStage(place.stage);
  }
}
