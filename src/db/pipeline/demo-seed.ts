import { z } from 'zod';
import {
  isClosingStage,
  jobStateOfStage,
  type ApplicationEventSource,
  type ApplicationStage,
} from '../../contract/pipeline';
import { JobStates } from '../jobs/job-states';
import type SQLite from '../sqlite-driver';

// Applications written whole, history and all (issue 33): `npm run demo` puts some of its jobs
// into the pipeline with weeks of history behind them, and the pipeline bench seeds 2,000. The
// API moves one application a step at a time and dates each step now; a seed needs the past.

export interface SeedApplicationEvent {
  stage: ApplicationStage;
  at: number;
  /** The operator's by default; No answer is the product's. */
  source?: ApplicationEventSource;
}

export interface SeedApplication {
  jobId: string;
  /** Oldest first; the last entry is the stage the application is in. */
  history: readonly SeedApplicationEvent[];
  notes?: string;
  reference?: string | null;
  salaryAsked?: string | null;
  salaryOffered?: string | null;
  nextStep?: { at: number; what: string } | null;
  contacts?: ReadonlyArray<{
    name: string;
    role?: string | null;
    email?: string | null;
    url?: string | null;
  }>;
}

/**
 * Writes each application in one transaction, replacing the job's application if it has one (its
 * history, contacts and queued reminders go with it), and sets the job's triage state to the one
 * its stage keeps (jobStateOfStage). Each history entry is recorded at its own time, as an operator
 * who logs as things happen. Answers how many were written.
 */
export function seedApplications(
  sqlite: SQLite.Database,
  applications: readonly SeedApplication[],
): number {
  const p = (text: string) => sqlite.prepare(text);
  const remove = p('DELETE FROM applications WHERE job_id = ?');
  const insert = p(`INSERT INTO applications (job_id, stage, stage_since, created_at, updated_at,
      notes, reference, salary_asked, salary_offered, next_step_at, next_step_what)
    VALUES (@jobId, @stage, @stageSince, @createdAt, @updatedAt, @notes, @reference, @salaryAsked,
      @salaryOffered, @nextStepAt, @nextStepWhat)`);
  const addEvent = p(`INSERT INTO application_events (job_id, stage, at, recorded_at, source)
    VALUES (?, ?, ?, ?, ?)`);
  const addContact =
    p(`INSERT INTO application_contacts (job_id, name, role, email, url, created_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const states = new JobStates(sqlite);
  const write = sqlite.transaction(() => {
    for (const application of applications) {
      const first = application.history[0];
      const last = application.history.at(-1);
      if (first === undefined || last === undefined)
        throw new Error(`application ${application.jobId}: a history needs at least one stage`);
      if (application.nextStep && isClosingStage(last.stage))
        throw new Error(`application ${application.jobId}: a closed application has no next step`);
      states.setStates([Number(application.jobId)], jobStateOfStage(last.stage));
      remove.run(application.jobId);
      insert.run({
        jobId: application.jobId,
        stage: last.stage,
        stageSince: last.at,
        createdAt: first.at,
        updatedAt: last.at,
        notes: application.notes ?? '',
        reference: application.reference ?? null,
        salaryAsked: application.salaryAsked ?? null,
        salaryOffered: application.salaryOffered ?? null,
        nextStepAt: application.nextStep?.at ?? null,
        nextStepWhat: application.nextStep?.what ?? null,
      });
      for (const event of application.history)
        addEvent.run(
          application.jobId,
          event.stage,
          event.at,
          event.at,
          event.source ?? 'operator',
        );
      for (const contact of application.contacts ?? [])
        addContact.run(
          application.jobId,
          contact.name,
          contact.role ?? null,
          contact.email ?? null,
          contact.url ?? null,
          first.at,
        );
    }
  });
  write();
  return applications.length;
}

const candidateSchema = z.object({ id: z.string(), first_seen_at: z.number() });
export type DemoCandidate = z.infer<typeof candidateSchema>;

/**
 * Up to `count` of the jobs the operator saved or applied to, the latest found, listed oldest
 * first. Only those: a job in the pipeline is one of them (docs/decisions/056).
 */
export function pipelineCandidates(sqlite: SQLite.Database, count: number): DemoCandidate[] {
  return sqlite
    .prepare(
      `SELECT id, first_seen_at FROM (
         SELECT id, first_seen_at FROM jobs WHERE state IN ('saved', 'applied')
         ORDER BY first_seen_at DESC, id
         LIMIT ?)
       ORDER BY first_seen_at, id`,
    )
    .all(count)
    .map((row) => candidateSchema.parse(row));
}
