import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import {
  closedTakesNoNextStep,
  isClosingStage,
  type Application,
  type ApplicationDetail,
  type ApplicationStage,
} from '../../contract';
import { normalizeCompanyName } from '../../contract/company-name';
import { JobStates } from '../jobs/job-states';
import {
  APPLICATION_COLUMNS,
  EVENT_COLUMNS,
  applicationRowSchema,
  toApplication,
  toContact,
  toEvent,
} from './application-rows';
import { ApplicationWrites } from './application-writes';
import { UndoMove } from './undo-move';

// The application pipeline's home (issue 33, docs/decisions/056): applications, their history
// and contacts. Prepared better-sqlite3 statements: a move is one synchronous transaction that
// writes the history, the application and jobs.state (through the jobs module), and the board's
// list is one statement joining the jobs.

export const APPLICATION_NOT_FOUND = 'Application not found';
export const HISTORY_ENTRY_NOT_FOUND = 'History entry not found';

/** What the caller did wrong, with the status the API answers. */
export class PipelineError extends Error {
  constructor(
    readonly statusCode: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'PipelineError';
  }
}

export interface ApplicationFilters {
  stages?: readonly ApplicationStage[] | undefined;
  /** The saved query that found the job first (jobs.first_query_id). */
  queryId?: number | undefined;
  /** Part of the company's name: case, spacing and legal suffixes aside. */
  company?: string | undefined;
}

/** The application's own fields; a field left out keeps its value, null clears it. */
export interface ApplicationFields {
  notes?: string | null | undefined;
  reference?: string | null | undefined;
  salary_asked?: string | null | undefined;
  salary_offered?: string | null | undefined;
  next_step?: { at: number; what: string } | null | undefined;
}

const orNull = (text: string | null | undefined) => (text === '' ? null : (text ?? null));

export class Pipeline {
  private readonly s;
  private readonly writes: ApplicationWrites;
  private readonly jobs: JobStates;
  private readonly undo: UndoMove;

  private readonly sqlite: SQLite.Database;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    const p = (text: string) => sqlite.prepare(text);
    this.writes = new ApplicationWrites(sqlite);
    this.jobs = new JobStates(sqlite);
    this.undo = new UndoMove(sqlite);
    this.s = {
      list: p(
        `SELECT ${APPLICATION_COLUMNS} FROM applications a JOIN jobs j ON j.id = a.job_id
         WHERE a.left_at IS NULL
           AND (@stages IS NULL OR a.stage IN (SELECT value FROM json_each(@stages)))
           AND (@query IS NULL OR j.first_query_id = @query)
           AND (@company = '' OR instr(j.company_normalized, @company) > 0)
         ORDER BY a.stage_since DESC, a.job_id DESC`,
      ),
      one: p(
        `SELECT ${APPLICATION_COLUMNS} FROM applications a JOIN jobs j ON j.id = a.job_id
         WHERE a.job_id = ? AND a.left_at IS NULL`,
      ),
      history: p(`SELECT ${EVENT_COLUMNS} FROM application_events WHERE job_id = ? ORDER BY id`),
      contacts: p(
        'SELECT id, name, role, email, url FROM application_contacts WHERE job_id = ? ORDER BY id',
      ),
      fields: p(
        `UPDATE applications SET
           notes = CASE WHEN @setNotes THEN @notes ELSE notes END,
           reference = CASE WHEN @setReference THEN @reference ELSE reference END,
           salary_asked = CASE WHEN @setAsked THEN @asked ELSE salary_asked END,
           salary_offered = CASE WHEN @setOffered THEN @offered ELSE salary_offered END,
           next_step_at = CASE WHEN @setNext THEN @nextAt ELSE next_step_at END,
           next_step_what = CASE WHEN @setNext THEN @nextWhat ELSE next_step_what END,
           updated_at = @now
         WHERE job_id = @job`,
      ),
      eventAt: p('UPDATE application_events SET at = @at WHERE id = @id AND job_id = @job'),
      // An edited date may make another entry the latest's: stage_since is the latest by id's.
      stageSince: p(
        `UPDATE applications SET updated_at = @now, stage_since =
           (SELECT at FROM application_events WHERE job_id = @job ORDER BY id DESC LIMIT 1)
         WHERE job_id = @job`,
      ),
      remove: p('DELETE FROM applications WHERE job_id = ?'),
    };
  }

  /** The applications on the board (not taken off by triage), latest stage change first. */
  list(filters: ApplicationFilters = {}): Application[] {
    const rows = this.s.list
      .all({
        stages: filters.stages === undefined ? null : JSON.stringify(filters.stages),
        query: filters.queryId ?? null,
        // Compared as the Jobs list and the export compare company names (the stored normalised
        // name: case, spacing and legal suffixes folded), so the board and its file agree.
        company: filters.company === undefined ? '' : normalizeCompanyName(filters.company),
      })
      .map((raw) => applicationRowSchema.parse(raw));
    return rows.map(toApplication);
  }

  /** The application on the board with its history (oldest first) and contacts. */
  detail(jobId: number): ApplicationDetail | undefined {
    const id = String(jobId);
    const raw: unknown = this.s.one.get(id);
    if (raw === undefined) return undefined;
    return {
      ...toApplication(applicationRowSchema.parse(raw)),
      history: this.s.history.all(id).map(toEvent),
      contacts: this.s.contacts.all(id).map(toContact),
    };
  }

  private found(jobId: number): ApplicationDetail {
    const detail = this.detail(jobId);
    if (detail === undefined) throw new PipelineError(404, APPLICATION_NOT_FOUND);
    return detail;
  }

  /**
   * Puts a job in the pipeline at `stage` (dated `at`), or brings back one triage took off the
   * board, moved to `stage` if it is another. 409 when it is on the board already.
   */
  create(jobId: number, stage: ApplicationStage, at: number, now: number): ApplicationDetail {
    const id = String(jobId);
    this.sqlite.transaction(() => {
      const place = this.writes.place(id);
      if (place === undefined) {
        if (!this.writes.enter(id, stage, at, now, 'operator'))
          throw new PipelineError(404, `Job ${jobId} not found`);
        return;
      }
      if (place.left_at === null)
        throw new PipelineError(409, `Job ${jobId} is already in the pipeline`);
      this.writes.bringBack(id, place.stage, now);
      if (place.stage !== stage) this.writes.move(id, stage, at, now, 'operator');
    })();
    return this.found(jobId);
  }

  /**
   * Moves the application to `stage` (recorded at `at`; nothing when it is there already) and
   * sets the fields given, in one transaction. A move sent with `next_step` (null or a new one)
   * ends the step it had, kept in the move's entry; a closed application takes no next step (409).
   */
  update(
    jobId: number,
    change: { stage?: ApplicationStage | undefined; at: number; fields: ApplicationFields },
    now: number,
  ): ApplicationDetail {
    const id = String(jobId);
    const nextStep = change.fields.next_step;
    this.sqlite.transaction(() => {
      const place = this.writes.place(id);
      if (place === undefined || place.left_at !== null)
        throw new PipelineError(404, APPLICATION_NOT_FOUND);
      const stage = change.stage ?? place.stage;
      if (nextStep && isClosingStage(stage))
        throw new PipelineError(409, closedTakesNoNextStep(stage));
      if (stage !== place.stage)
        this.writes.move(id, stage, change.at, now, 'operator', {
          endsStep: nextStep !== undefined,
        });
      this.setFields(id, change.fields, now);
    })();
    return this.found(jobId);
  }

  /**
   * Undoes a move: the application's latest history entry goes, and the stage, its date and the
   * next step the move ended come back (decision 059). 404 for another application's entry, 409
   * for an entry that is not the latest, the first one, or the No answer rule's.
   */
  undoMove(jobId: number, eventId: number, now: number): ApplicationDetail {
    const id = String(jobId);
    this.sqlite.transaction(() => {
      const place = this.writes.place(id);
      if (place === undefined || place.left_at !== null)
        throw new PipelineError(404, APPLICATION_NOT_FOUND);
      const refused = this.undo.run(id, eventId, now);
      if (refused === 'not-found') throw new PipelineError(404, HISTORY_ENTRY_NOT_FOUND);
      if (refused !== null) throw new PipelineError(409, refused.conflict);
    })();
    return this.found(jobId);
  }

  private setFields(id: string, fields: ApplicationFields, now: number): void {
    const given = (value: unknown) => (value === undefined ? 0 : 1);
    if (Object.values(fields).every((value) => value === undefined)) return;
    this.s.fields.run({
      job: id,
      now,
      setNotes: given(fields.notes),
      notes: fields.notes ?? '',
      setReference: given(fields.reference),
      reference: orNull(fields.reference),
      setAsked: given(fields.salary_asked),
      asked: orNull(fields.salary_asked),
      setOffered: given(fields.salary_offered),
      offered: orNull(fields.salary_offered),
      setNext: given(fields.next_step),
      nextAt: fields.next_step?.at ?? null,
      nextWhat: fields.next_step?.what ?? null,
    });
  }

  /** Corrects when a history entry happened; stage_since follows the latest entry. */
  editEventAt(jobId: number, eventId: number, at: number, now: number): ApplicationDetail {
    const id = String(jobId);
    this.sqlite.transaction(() => {
      const place = this.writes.place(id);
      if (place === undefined || place.left_at !== null)
        throw new PipelineError(404, APPLICATION_NOT_FOUND);
      if (this.s.eventAt.run({ id: eventId, job: id, at }).changes === 0)
        throw new PipelineError(404, HISTORY_ENTRY_NOT_FOUND);
      this.s.stageSince.run({ job: id, now });
    })();
    return this.found(jobId);
  }

  /**
   * Removes the application with its history, contacts and reminders; the job goes back to
   * 'seen' (saved and applied mean "in the pipeline"). false when it had none on the board.
   */
  remove(jobId: number): boolean {
    const id = String(jobId);
    return this.sqlite.transaction(() => {
      const place = this.writes.place(id);
      if (place === undefined || place.left_at !== null) return false;
      this.s.remove.run(id);
      this.jobs.setState(jobId, 'seen');
      return true;
    })();
  }
}
