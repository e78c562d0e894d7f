import { sql } from 'kysely';
import type { ApplicationStage } from '../../contract';
import type { Db } from '../database';
import { SAVED_AND_POSTING_CLOSED_SQL } from './closed-posting';

// Next steps as the calendar shows them (issue 33): the feed's events and one step's .ics.

export interface CalendarStep {
  jobId: number;
  title: string;
  company: string;
  stage: ApplicationStage;
  what: string;
  at: number;
}

function stepsQuery(db: Db) {
  return db
    .selectFrom('applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select([
      'a.job_id',
      'j.title',
      'j.company_name',
      'a.stage',
      'a.next_step_what',
      'a.next_step_at',
    ]);
}

type StepRow = {
  job_id: string;
  title: string;
  company_name: string;
  stage: ApplicationStage;
  next_step_what: string | null;
  next_step_at: number | null;
};

function toStep(row: StepRow): CalendarStep | null {
  if (row.next_step_at === null || row.next_step_what === null) return null;
  return {
    jobId: Number(row.job_id),
    title: row.title,
    company: row.company_name,
    stage: row.stage,
    what: row.next_step_what,
    at: row.next_step_at,
  };
}

/**
 * The next steps of applications on the board from `from` on, soonest first; not those at Saved
 * whose posting closed.
 */
export async function listCalendarSteps(db: Db, from: number): Promise<CalendarStep[]> {
  const rows = await stepsQuery(db)
    .where('a.left_at', 'is', null)
    .where(sql<boolean>`NOT ${sql.raw(SAVED_AND_POSTING_CLOSED_SQL)}`)
    .where('a.next_step_at', 'is not', null)
    .where('a.next_step_at', '>=', from)
    .orderBy('a.next_step_at')
    .orderBy('a.job_id')
    .execute();
  return rows.map(toStep).filter((step) => step !== null);
}

/**
 * One application's next step: `absent` when the job has no application, `none` when it has
 * no next step.
 */
export async function findCalendarStep(
  db: Db,
  jobId: number,
): Promise<CalendarStep | 'absent' | 'none'> {
  const row = await stepsQuery(db).where('a.job_id', '=', String(jobId)).executeTakeFirst();
  if (row === undefined) return 'absent';
  return toStep(row) ?? 'none';
}
