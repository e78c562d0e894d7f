import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import { openDatabase, type OpenedDatabase } from '../db/database';
import { createBatchRunner, type BatchRunner } from './batch-runner';
import { createDailySchedule, dayInZone, type DailySchedule } from './daily-schedule';
import {
  BERLIN,
  recordingLog,
  saveSetting,
  seedQueries,
  startRunnerFixture,
  type RunnerFixture,
} from './runner-test-kit';

// The daily schedule with an injected clock: Europe/Berlin is UTC+1 in November, so the
// default script_time 09:00 is 08:00 UTC.
const TZ = 'Europe/Berlin';
const at = (iso: string) => Date.parse(iso);

let simulator: Simulator;
let fx: RunnerFixture;
let clock: number;
const now = () => clock;
const schedules: DailySchedule[] = [];

beforeAll(async () => {
  simulator = await startSimulator({ jobsPerQuery: 5, jobCount: 30, companyCount: 10 });
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(async () => {
  simulator.reset();
  clock = at('2026-11-02T06:00:00Z');
  fx = await startRunnerFixture(simulator.url, { now });
  seedQueries(fx.database, [{ jobTitle: 'python developer', ...BERLIN }]);
});
afterEach(async () => {
  for (const s of schedules.splice(0)) s.stop();
  await fx.close();
});

function schedule(
  runner: BatchRunner = fx.runner,
  database: OpenedDatabase = fx.database,
): DailySchedule {
  const s = createDailySchedule({
    connection: database.connection,
    runner,
    timeZone: TZ,
    now,
    log: recordingLog(),
    timers: false,
  });
  schedules.push(s);
  return s;
}

const dailyBatches = () =>
  fx.database.sqlite
    .prepare(`SELECT id, daily_date, status FROM batches WHERE kind = 'daily' ORDER BY id`)
    .all();

describe('the daily batch', () => {
  it('starts at script_time in the configured zone, once that day', async () => {
    const s = schedule();
    await s.start();
    clock = at('2026-11-02T07:59:00Z');
    expect(await s.tick()).toEqual({ kind: 'not-due' });
    clock = at('2026-11-02T08:00:00Z');
    const started = await s.tick();
    expect(started).toMatchObject({ kind: 'started', day: '2026-11-02' });
    await fx.runner.idle();
    clock = at('2026-11-02T15:00:00Z');
    expect(await s.tick()).toEqual({ kind: 'already-claimed', day: '2026-11-02' });
    expect(dailyBatches()).toEqual([{ id: 1, daily_date: '2026-11-02', status: 'completed' }]);
    // The next day it runs again, at its time and not before.
    clock = at('2026-11-03T07:30:00Z');
    expect(await s.tick()).toEqual({ kind: 'not-due' });
    clock = at('2026-11-03T08:00:30Z');
    expect(await s.tick()).toMatchObject({ kind: 'started', day: '2026-11-03' });
    await fx.runner.idle();
  });

  it('catches up once when the server was down at that time, the same day only', async () => {
    const first = schedule();
    await first.start();
    first.stop();
    // Back at 14:00 the same day: it runs once.
    clock = at('2026-11-02T13:00:00Z');
    const again = schedule();
    await again.start();
    await fx.runner.idle();
    expect(dailyBatches()).toHaveLength(1);
    expect(await again.tick()).toEqual({ kind: 'already-claimed', day: '2026-11-02' });
    again.stop();
    // Down for all of the next day, back the day after before its time: nothing to catch up.
    clock = at('2026-11-04T07:00:00Z');
    const later = schedule();
    await later.start();
    expect(await later.tick()).toEqual({ kind: 'not-due' });
    expect(dailyBatches()).toHaveLength(1);
  });

  it('does not count a time before the first start as missed (a fresh install)', async () => {
    clock = at('2026-11-02T12:00:00Z');
    const s = schedule();
    await s.start();
    expect(await s.tick()).toEqual({ kind: 'not-due' });
    expect(dailyBatches()).toHaveLength(0);
  });

  it('starts after a batch that was running at its time', async () => {
    simulator.faults.latency(15);
    const s = schedule();
    await s.start();
    clock = at('2026-11-02T07:59:00Z');
    expect((await fx.runner.start('manual')).claimed).toBe(true);
    clock = at('2026-11-02T08:00:00Z');
    expect(await s.tick()).toEqual({ kind: 'waiting', day: '2026-11-02' });
    // The runner going idle starts the waiting daily batch by itself.
    await fx.runner.idle();
    await fx.runner.idle();
    const kinds = fx.database.sqlite.prepare('SELECT kind, status FROM batches ORDER BY id').all();
    expect(kinds).toEqual([
      { kind: 'manual', status: 'completed' },
      { kind: 'daily', status: 'completed' },
    ]);
  });

  it('never runs twice a day with two processes on the same database', async () => {
    const other = await openDatabase(fx.dataDir);
    const otherRunner = createBatchRunner({
      connection: other.connection,
      site: fx.site,
      now,
      log: recordingLog(),
    });
    try {
      const a = schedule();
      const b = schedule(otherRunner, other);
      await a.start();
      await b.start();
      clock = at('2026-11-02T08:00:00Z');
      const results = [await b.tick(), await a.tick(), await b.tick()];
      expect(results.filter((r) => r.kind === 'started')).toHaveLength(1);
      await Promise.all([fx.runner.idle(), otherRunner.idle()]);
      expect([await a.tick(), await b.tick()]).toEqual([
        { kind: 'already-claimed', day: '2026-11-02' },
        { kind: 'already-claimed', day: '2026-11-02' },
      ]);
      expect(dailyBatches()).toHaveLength(1);
    } finally {
      await otherRunner.close();
      await other.close();
    }
  });

  it('reads a changed script_time again', async () => {
    const s = schedule();
    await s.start();
    saveSetting(fx.database, 'script_time', '10:30');
    s.settingsChanged();
    clock = at('2026-11-02T08:00:00Z');
    expect(await s.tick()).toEqual({ kind: 'not-due' });
    clock = at('2026-11-02T09:30:00Z');
    expect(await s.tick()).toMatchObject({ kind: 'started', day: '2026-11-02' });
    await fx.runner.idle();
  });
});

describe('dayInZone', () => {
  it('gives the calendar day in the zone, not in UTC', async () => {
    expect(dayInZone(at('2026-11-02T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-03');
    expect(dayInZone(at('2026-11-02T23:30:00Z'), 'UTC')).toBe('2026-11-02');
    expect(dayInZone(at('2026-11-02T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-01');
  });
});
