import { Cron } from 'croner';
import { DEFAULT_SCRIPT_TIME, scriptTimeSchema } from '../contract';
import { dayInZone } from '../contract/calendar-days';
import type { Connection } from '../db/connection';
import type { BatchRunner, RunnerLog } from './batch-runner';
import { BatchStore } from './batch-store';

/**
 * When the schedule first ran on this database. A daily time before it was never "missed"
 * (the server did not exist yet), so a fresh install started at 15:00 does not run the
 * 09:00 batch at once; a server that was merely down at 09:00 does, once, that same day.
 */
export const SCHEDULE_SINCE_SETTING = 'daily_schedule_since';
const SCRIPT_TIME_SETTING = 'script_time';
/**
 * How often the server checks the schedule (its background registry runs tick): a missed time
 * is caught up, a changed script_time picked up, within this.
 */
export const DAILY_SCHEDULE_CHECK_MS = 60_000;

export type TickResult =
  | { kind: 'not-due' }
  | { kind: 'already-claimed'; day: string }
  | { kind: 'waiting'; day: string }
  | { kind: 'started'; day: string; batchId: number };

export interface DailyScheduleOptions {
  connection: Connection;
  runner: BatchRunner;
  /** config.timeZone: the zone `script_time` is read in. */
  timeZone: string;
  now: () => number;
  log: RunnerLog;
  /**
   * A real croner job at script_time, so the batch starts on the minute. Tests turn it off and
   * call tick() after moving their clock; the minute-by-minute re-check is the caller's (the
   * server's background registry, every DAILY_SCHEDULE_CHECK_MS).
   */
  timers?: boolean;
}

export interface DailySchedule {
  /** Resolves once the schedule's first check is done. */
  start(): Promise<void>;
  /** Starts today's daily batch if it is due, not claimed yet, and no batch is running. */
  tick(): Promise<TickResult>;
  /** Call after the settings change: re-reads script_time at once instead of within a minute. */
  settingsChanged(): void;
  stop(): void;
}

export { dayInZone };

/** HH:MM (24-hour) of an instant in a time zone. */
export function timeInZone(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('hour')}:${get('minute')}`;
}

/** The calendar day after a YYYY-MM-DD day. */
function dayAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

export type NextDailyBatch =
  | { kind: 'none'; reason: 'no-active-queries' }
  | { kind: 'at'; at: number; day: string; when: 'today' | 'tomorrow' | 'later'; time: string };

export interface NextDailyBatchInput {
  now: number;
  timeZone: string;
  scriptTime: string;
  /** When the schedule first ran on this database (SCHEDULE_SINCE_SETTING). */
  since: number;
  isClaimed: (day: string) => boolean;
  activeQueries: number;
}

/**
 * When the schedule (createDailySchedule) will start the next daily batch, by its own rules:
 * today's, while it is not claimed, also once its time has passed (it is due, and starts as
 * soon as no batch runs) unless the schedule did not exist yet at that time; else the next
 * script_time after today. A daily batch without active queries would find nothing to do.
 */
export function nextDailyBatch(input: NextDailyBatchInput): NextDailyBatch {
  if (input.activeQueries === 0) return { kind: 'none', reason: 'no-active-queries' };
  const { now, timeZone } = input;
  const cron = new Cron(cronPattern(input.scriptTime), { timezone: timeZone, paused: true });
  try {
    const today = dayInZone(now, timeZone);
    const last = cron.previousRuns(1, new Date(now + 1))[0];
    let next: Date | null = null;
    if (
      last &&
      dayInZone(last.getTime(), timeZone) === today &&
      last.getTime() >= input.since &&
      !input.isClaimed(today)
    ) {
      next = last;
    } else {
      next = cron.nextRun(new Date(now));
      // Today's time still ahead but today's batch already ran (script_time moved later).
      while (next && dayInZone(next.getTime(), timeZone) === today && input.isClaimed(today)) {
        next = cron.nextRun(next);
      }
    }
    if (!next) throw new Error(`no next run for script_time ${input.scriptTime}`);
    const day = dayInZone(next.getTime(), timeZone);
    const when = day === today ? 'today' : day === dayAfter(today) ? 'tomorrow' : 'later';
    return {
      kind: 'at',
      at: next.getTime(),
      day,
      when,
      time: timeInZone(next.getTime(), timeZone),
    };
  } finally {
    cron.stop();
  }
}

function cronPattern(scriptTime: string): string {
  const [hours, minutes] = scriptTime.split(':');
  return `${Number(minutes)} ${Number(hours)} * * *`;
}

/**
 * The day (in the zone) whose script time has passed at `at` and not before `since`, or null when
 * today's time is still to come or was passed before the schedule began.
 */
function dueDay(pattern: string, timeZone: string, at: number, since: number): string | null {
  const probe = new Cron(pattern, { timezone: timeZone, paused: true });
  const last = probe.previousRuns(1, new Date(at + 1))[0];
  probe.stop();
  const day = dayInZone(at, timeZone);
  if (!last || last.getTime() < since || dayInZone(last.getTime(), timeZone) !== day) return null;
  return day;
}

/**
 * The daily batch: at `script_time` in the configured zone, at most once a day. The day is
 * claimed in the database (batches.daily_date is UNIQUE and the claim checks it under
 * SQLite's write lock), so neither a restart nor a second process can start it twice. A
 * minute-by-minute check (tick, every DAILY_SCHEDULE_CHECK_MS: the caller's timer) catches up a
 * time missed while the server was down, picks up a changed script_time, and starts the daily
 * batch after a batch that was running at its time (as does the runner becoming idle).
 */
export function createDailySchedule(options: DailyScheduleOptions): DailySchedule {
  const { runner, timeZone, now, log } = options;
  // Made at the schedule's first check, once the server answers (docs/decisions/058).
  let made: BatchStore | undefined;
  const store = () => (made ??= new BatchStore(options.connection));
  let since = now();
  let job: Cron | null = null;
  let jobPattern = '';
  let offIdle: (() => void) | null = null;
  let running = false;

  const scriptTime = (): string => {
    const parsed = scriptTimeSchema.safeParse(store().setting(SCRIPT_TIME_SETTING));
    return parsed.success ? parsed.data : DEFAULT_SCRIPT_TIME;
  };

  /** Keeps the croner job on the stored time (so the batch starts on the minute, not within one). */
  const followTime = (pattern: string): void => {
    if (!options.timers || !running || pattern === jobPattern) return;
    job?.stop();
    jobPattern = pattern;
    job = new Cron(
      pattern,
      {
        timezone: timeZone,
        unref: true,
        catch: (error) => log.error({ err: error }, 'daily schedule tick failed'),
      },
      () => {
        void safeTick();
      },
    );
  };

  const tick = async (): Promise<TickResult> => {
    const at = now();
    const pattern = cronPattern(scriptTime());
    followTime(pattern);
    const day = dueDay(pattern, timeZone, at, since);
    if (day === null) return { kind: 'not-due' };
    if (store().isDailyClaimed(day)) return { kind: 'already-claimed', day };
    // A batch in progress (here or in another process): the daily one waits for it.
    if (runner.busy || store().unfinishedBatchIds().length > 0) return { kind: 'waiting', day };
    const result = await runner.start('daily', day);
    if (result.claimed) {
      log.info({ batchId: result.batch.id, day }, 'daily batch started');
      return { kind: 'started', day, batchId: result.batch.id };
    }
    return result.reason === 'busy' ? { kind: 'waiting', day } : { kind: 'already-claimed', day };
  };

  const safeTick = async (): Promise<void> => {
    try {
      await tick();
    } catch (error) {
      // The schedule must outlive a failed check (a locked database, say): log and go on.
      log.error({ err: error }, 'daily schedule check failed');
    }
  };

  return {
    async start() {
      if (running) return;
      running = true;
      since = Number(await store().settingOnce(SCHEDULE_SINCE_SETTING, String(now())));
      offIdle = runner.onIdle(() => void safeTick());
      await safeTick();
    },
    tick,
    settingsChanged: () => void safeTick(),
    stop() {
      running = false;
      job?.stop();
      job = null;
      jobPattern = '';
      offIdle?.();
      offIdle = null;
    },
  };
}
