import type { FastifyBaseLogger } from 'fastify';
import type { RunnerService } from '../runner';
import type { Config } from './config';
import type { Connection } from '../db/connection';
import type { Db } from '../db/database';
import type { SiteClient } from '../runner';
import type { NotificationWorker } from './notifications/worker';
import type { NoAnswerSweeper } from './pipeline/no-answer-sweeper';
import type { ReminderSweep } from './pipeline-reminders/sweep';
import type { BackgroundJobs } from './background/background-jobs';
import type { FitRescoring } from './fit/rescoring';
import type { SecondOpinionWorker } from './fit-llm/opinion-worker';

/** What every route module needs, built once at start and handed down explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  /**
   * The connection src/db's synchronous modules are made with; a route writes through its
   * `write`, which waits for an open Kysely transaction (docs/decisions/057).
   */
  connection: Connection;
  /** Settles once the password is set up at start: the API waits for it (decision 058). */
  signInReady: Promise<void>;
  /** The clock; tests replace it to move time (token expiry, the sign-in limit window). */
  now: () => number;
  log: FastifyBaseLogger;
  /** The LinkedIn client (LINKEDIN_BASE_URL), shared by the typeahead, company lookups and the runner. */
  site: SiteClient;
  /** The batch runner and its daily schedule (src/runner): started by `background`, stopped on close. */
  runner: RunnerService;
  /** The notification outbox's delivery worker (issue 11): drained by `background`. */
  notifications: NotificationWorker;
  /** The pipeline's No answer rule (issue 33): swept by `background` every 10 minutes. */
  noAnswer: NoAnswerSweeper;
  /** Issue 33: queues next-step reminders in the outbox when due: swept by `background`. */
  reminders: ReminderSweep;
  /**
   * Issue 40: scores stored jobs again after a fit profile, the aliases or a query's profile
   * changed: a job of `background`, woken by those changes.
   */
  fitRescoring: FitRescoring;
  /**
   * The background jobs (src/server/background): started once the server answers /healthz,
   * stopped on close, each run recorded (docs/decisions/058).
   */
  background: BackgroundJobs;
  /**
   * Issue 40: asks the operator's language model about each batch's best new jobs (decision 067):
   * a job of `background` with a timer of its own (its next look follows retries and the budget).
   */
  secondOpinion: SecondOpinionWorker;
}
