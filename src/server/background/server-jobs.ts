import type { WalCheckpointer } from '../../db/wal-checkpointer';
import { DAILY_SCHEDULE_CHECK_MS } from '../../runner';
import type { AppContext } from '../context';
import { FIT_RESCORE_LOOK_MS } from '../fit/rescoring';
import { NOTIFICATION_POLL_MS } from '../notifications/worker';
import { REMINDER_SWEEP_INTERVAL_MS } from '../pipeline-reminders/sweep';
import { NO_ANSWER_SWEEP_MS } from '../pipeline/no-answer-sweeper';
import type { BackgroundJobs } from './background-jobs';

/** The server's background jobs by name, as the logs, the metrics and the records show them. */
export const SERVER_JOBS = {
  checkpoints: 'wal-checkpoints',
  dailySchedule: 'daily-schedule',
  outbox: 'notification-outbox',
  reminders: 'reminder-sweep',
  noAnswer: 'no-answer-sweep',
  fitRescoring: 'fit-rescoring',
  secondOpinion: 'second-opinion',
} as const;

/**
 * Everything the server does besides answering requests, in the order it starts: the WAL's
 * checkpoints on their thread, the runner (an unfinished batch resumed, the daily schedule's first
 * check and its croner job) with the schedule's minute check, then the outbox, the reminders,
 * the No answer rule, the fit scores' rescoring (woken too when a change is stored) and the
 * language model's second opinions, whose timer is their own: the next look follows a retry's due
 * time and the day's token budget.
 */
export function addServerJobs(
  jobs: BackgroundJobs,
  ctx: AppContext,
  checkpointer: WalCheckpointer | undefined,
): void {
  jobs.add({ name: SERVER_JOBS.checkpoints, start: () => checkpointer?.start() });
  jobs.add({
    name: SERVER_JOBS.dailySchedule,
    everyMs: DAILY_SCHEDULE_CHECK_MS,
    // The runner's start makes the schedule's first check.
    runAtStart: false,
    start: () => ctx.runner.start(),
    run: () => ctx.runner.schedule.tick(),
  });
  jobs.add({
    name: SERVER_JOBS.outbox,
    everyMs: NOTIFICATION_POLL_MS,
    run: () => ctx.notifications.drain(),
    stop: () => ctx.notifications.close(),
  });
  jobs.add({
    name: SERVER_JOBS.reminders,
    everyMs: REMINDER_SWEEP_INTERVAL_MS,
    run: () => ctx.reminders.sweep(),
    stop: () => ctx.reminders.close(),
  });
  jobs.add({
    name: SERVER_JOBS.noAnswer,
    everyMs: NO_ANSWER_SWEEP_MS,
    run: () => ctx.connection.write(() => ctx.noAnswer.sweep()),
    stop: () => ctx.noAnswer.close(),
  });
  jobs.add({
    name: SERVER_JOBS.fitRescoring,
    everyMs: FIT_RESCORE_LOOK_MS,
    run: () => ctx.fitRescoring.run(),
    stop: () => ctx.fitRescoring.close(),
  });
  jobs.add({
    name: SERVER_JOBS.secondOpinion,
    start: () => ctx.secondOpinion.start(),
    stop: () => ctx.secondOpinion.close(),
  });
}
