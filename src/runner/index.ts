import { preloadSiteTransport } from '../scraper';
import type { Connection } from '../db/connection';
import {
  createBatchRunner,
  type BatchRunner,
  type BatchRunnerOptions,
  type RunnerLog,
  type RunnerObserver,
  type RunnerSite,
} from './batch-runner';
import { createDailySchedule, type DailySchedule } from './daily-schedule';

export {
  createBatchRunner,
  SiteTally,
  NO_ACTIVE_QUERIES,
  CANCELLED_BY_OPERATOR,
  everyRunFailedMessage,
} from './batch-runner';
export type {
  BatchFinished,
  BatchRunner,
  BatchRunnerOptions,
  JobClosed,
  RecheckOutcome,
  RunnerLog,
  RunnerObserver,
  RunnerSite,
} from './batch-runner';
export {
  createDailySchedule,
  dayInZone,
  nextDailyBatch,
  SCHEDULE_SINCE_SETTING,
  DAILY_SCHEDULE_CHECK_MS,
} from './daily-schedule';
export type {
  DailySchedule,
  DailyScheduleOptions,
  NextDailyBatch,
  TickResult,
} from './daily-schedule';
export { type CancelRequest } from './batch-store';

export interface RunnerServiceOptions {
  connection: Connection;
  site: RunnerSite;
  /** config.timeZone. */
  timeZone: string;
  now: () => number;
  log: RunnerLog;
  /** Real schedule timers (default true). */
  timers?: boolean;
  stopGraceMs?: number;
  /** See BatchRunnerOptions.onBatchFinished (the notification outbox, issue 11). */
  onBatchFinished?: BatchRunnerOptions['onBatchFinished'];
  /** See BatchRunnerOptions.onJobClosed (`job_closed` in the outbox, issue 41). */
  onJobClosed?: BatchRunnerOptions['onJobClosed'];
  /** See BatchRunnerOptions.observer (the server's metrics). */
  observer?: RunnerObserver;
  /** See BatchRunnerOptions.siteTally (each batch's cost to the site, issue 32). */
  siteTally?: BatchRunnerOptions['siteTally'];
}

/** The runner and its daily schedule, started and stopped together with the server. */
export interface RunnerService {
  readonly runner: BatchRunner;
  readonly schedule: DailySchedule;
  /** Resumes an unfinished batch, then starts the daily schedule (resolves once it has looked). */
  start(): Promise<void>;
  /** Stops the schedule, then the runner after its request in flight (resumable). */
  close(): Promise<void>;
}

export function createRunnerService(options: RunnerServiceOptions): RunnerService {
  const runner = createBatchRunner({
    connection: options.connection,
    site: options.site,
    now: options.now,
    log: options.log,
    timeZone: options.timeZone,
    stopGraceMs: options.stopGraceMs,
    onBatchFinished: options.onBatchFinished,
    onJobClosed: options.onJobClosed,
    observer: options.observer,
    siteTally: options.siteTally,
  });
  const schedule = createDailySchedule({
    connection: options.connection,
    runner,
    timeZone: options.timeZone,
    now: options.now,
    log: options.log,
    timers: options.timers ?? true,
  });
  let started = false;
  return {
    runner,
    schedule,
    async start() {
      if (started) return;
      started = true;
      // The site's HTTP client, left out of the server's start (decision 069), loads now rather
      // than in the first batch's first request; a failure to load is that request's to report.
      preloadSiteTransport().catch(() => {});
      try {
        runner.resume();
        await schedule.start();
      } catch (error) {
        // A database problem at start must not take the HTTP server down with it.
        options.log.error({ err: error }, 'runner could not start');
      }
    },
    async close() {
      schedule.stop();
      await runner.close();
    },
  };
}
export {
  createCookieStateStore,
  cookiesFingerprint,
  type CookieState,
  type CookieStateStore,
  type CookieVerdictRecord,
} from './cookie-state';

// The server reaches the site only through the runner's room (docs/architecture.md): the client
// it wires into the app, and the error it tells apart from others.
export { createSiteClient, isSiteError, type SiteClient, type SiteObserver } from '../scraper';
