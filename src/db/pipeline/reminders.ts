import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import { APPLICATION_STAGES, type ApplicationStage } from '../../contract';
import { SAVED_AND_POSTING_CLOSED_SQL } from './closed-posting';

// The next-step reminders (issue 33): which steps are near or due, and which reminders were
// queued already. A reminder is recorded here in the same transaction that queues its messages
// in the outbox (src/server/pipeline-reminders), so each one is sent once, across restarts and
// crashes: a row here is the proof it was queued.

/** A step logged this long after its time is not reminded (the operator wrote it after the fact). */
export const REMINDER_MAX_LATENESS_MS = 7 * 86_400_000;

/** A next step the sweep may remind, with what was queued for it already. */
export interface ReminderCandidate {
  jobId: number;
  title: string;
  company: string;
  stage: ApplicationStage;
  what: string;
  at: number;
  leadQueued: boolean;
  dueQueued: boolean;
}

const candidateRowSchema = z.object({
  job_id: z.string(),
  title: z.string(),
  company_name: z.string(),
  stage: z.enum(APPLICATION_STAGES),
  what: z.string(),
  at: z.number(),
  lead_queued: z.number(),
  due_queued: z.number(),
});

export interface ReminderStatements {
  /**
   * The next steps of applications on the board whose time is at most `horizon` and no older
   * than REMINDER_MAX_LATENESS_MS before `now`, with the kinds already queued for that time;
   * not those at Saved whose posting closed.
   */
  candidates(now: number, horizon: number): ReminderCandidate[];
  /** Records a reminder as queued; false when it already was (then nothing is queued again). */
  markQueued(jobId: number, stepAt: number, kind: 'lead' | 'due', now: number): boolean;
  /** Forgets reminders of steps too old to be reminded again anyway (keeps the table small). */
  prune(now: number): number;
}

export function prepareReminderStatements(connection: ConnectionLike): ReminderStatements {
  const sqlite = sqliteOf(connection);
  const candidates = sqlite.prepare(
    `SELECT a.job_id, j.title, j.company_name, a.stage, a.next_step_what AS what,
       a.next_step_at AS at,
       EXISTS (SELECT 1 FROM application_reminders r WHERE r.job_id = a.job_id
               AND r.step_at = a.next_step_at AND r.kind = 'lead') AS lead_queued,
       EXISTS (SELECT 1 FROM application_reminders r WHERE r.job_id = a.job_id
               AND r.step_at = a.next_step_at AND r.kind = 'due') AS due_queued
     FROM applications a JOIN jobs j ON j.id = a.job_id
     WHERE a.next_step_at IS NOT NULL AND a.next_step_at <= @horizon
       AND a.next_step_at >= @oldest AND a.left_at IS NULL
       AND NOT ${SAVED_AND_POSTING_CLOSED_SQL}
     ORDER BY a.next_step_at, a.job_id`,
  );
  const insert = sqlite.prepare(
    `INSERT OR IGNORE INTO application_reminders (job_id, step_at, kind, queued_at)
     VALUES (?, ?, ?, ?)`,
  );
  const prune = sqlite.prepare(`DELETE FROM application_reminders WHERE step_at < ?`);
  return {
    candidates(now, horizon) {
      return candidates
        .all({ horizon, oldest: now - REMINDER_MAX_LATENESS_MS })
        .map((raw) => candidateRowSchema.parse(raw))
        .map((row) => ({
          jobId: Number(row.job_id),
          title: row.title,
          company: row.company_name,
          stage: row.stage,
          what: row.what,
          at: row.at,
          leadQueued: row.lead_queued === 1,
          dueQueued: row.due_queued === 1,
        }));
    },
    markQueued(jobId, stepAt, kind, now) {
      return insert.run(String(jobId), stepAt, kind, now).changes > 0;
    },
    prune(now) {
      // A day past the lateness limit: such a step is never a candidate again.
      return prune.run(now - REMINDER_MAX_LATENESS_MS - 86_400_000).changes;
    },
  };
}
