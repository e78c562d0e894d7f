import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundJobs, type BackgroundLog } from './background-jobs';

interface Logged {
  level: 'debug' | 'info' | 'error';
  obj: object;
  msg: string | undefined;
}

let logged: Logged[];
let log: BackgroundLog;
let clock: number;

beforeEach(() => {
  vi.useFakeTimers();
  logged = [];
  log = {
    debug: (obj, msg) => logged.push({ level: 'debug', obj, msg }),
    info: (obj, msg) => logged.push({ level: 'info', obj, msg }),
    error: (obj, msg) => logged.push({ level: 'error', obj, msg }),
  };
  clock = Date.parse('2026-11-02T08:00:00Z');
});
afterEach(() => {
  vi.useRealTimers();
});

const registry = () => new BackgroundJobs({ log, now: () => clock });

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the background jobs', () => {
  it('run each job once at start, then on its timer, and nothing before start', async () => {
    const jobs = registry();
    let sweeps = 0;
    let checks = 0;
    jobs.add({ name: 'sweep', everyMs: 1_000, run: () => (sweeps += 1) });
    jobs.add({ name: 'check', everyMs: 1_000, runAtStart: false, run: () => (checks += 1) });
    await jobs.runNow('sweep');
    await vi.advanceTimersByTimeAsync(5_000);
    expect([sweeps, checks]).toEqual([0, 0]);
    expect(jobs.started).toBe(false);

    jobs.start('/healthz answered');
    await vi.advanceTimersByTimeAsync(0);
    expect([sweeps, checks]).toEqual([1, 0]);
    expect(logged.find((l) => l.msg === 'background jobs started')?.obj).toEqual({
      jobs: ['sweep', 'check'],
      reason: '/healthz answered',
    });
    clock += 2_500;
    await vi.advanceTimersByTimeAsync(2_500);
    expect([sweeps, checks]).toEqual([3, 2]);
    expect(jobs.records()).toEqual([
      expect.objectContaining({
        name: 'sweep',
        everyMs: 1_000,
        runs: 3,
        failures: 0,
        running: false,
        lastStartedAt: clock,
        lastError: null,
      }),
      expect.objectContaining({ name: 'check', runs: 2 }),
    ]);
    expect(jobs.records()[0]?.lastDurationMs).toEqual(expect.any(Number));
    await jobs.stop();
  });

  it('record and log a failed run, and run again at its time', async () => {
    const jobs = registry();
    const told: Array<[string, boolean]> = [];
    const observed = new BackgroundJobs({
      log,
      now: () => clock,
      onRun: (record, failed) => told.push([record.name, failed]),
    });
    let calls = 0;
    const flaky = {
      name: 'outbox',
      everyMs: 1_000,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database is locked');
      },
    };
    observed.add(flaky);
    jobs.add({ ...flaky, name: 'unobserved' });
    observed.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(observed.records()[0]).toMatchObject({
      runs: 1,
      failures: 1,
      lastError: 'database is locked',
    });
    expect(logged.find((l) => l.level === 'error')).toMatchObject({
      obj: { job: 'outbox' },
      msg: 'background job run failed',
    });
    await vi.advanceTimersByTimeAsync(1_000);
    // The schedule went on, and a run that succeeds clears the last error.
    expect(observed.records()[0]).toMatchObject({ runs: 2, failures: 1, lastError: null });
    expect(told).toEqual([
      ['outbox', true],
      ['outbox', false],
    ]);
    await observed.stop();
    await jobs.stop();
  });

  it('never run one job twice at once: runs asked for meanwhile make one more run', async () => {
    const jobs = registry();
    const first = gate();
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    jobs.add({
      name: 'outbox',
      run: async () => {
        runs += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        if (runs === 1) await first.opened;
        inFlight -= 1;
      },
    });
    jobs.start();
    const asked = [jobs.runNow('outbox'), jobs.runNow('outbox'), jobs.runNow('outbox')];
    expect(jobs.records()[0]?.running).toBe(true);
    first.open();
    await Promise.all(asked);
    expect({ runs, most }).toEqual({ runs: 2, most: 1 });
    await jobs.stop();
  });

  it('answer idle once no run is in flight, the run asked for meanwhile included', async () => {
    const jobs = registry();
    const first = gate();
    const second = gate();
    const ended: number[] = [];
    let runs = 0;
    jobs.add({
      name: 'fit-rescoring',
      run: async () => {
        runs += 1;
        const run = runs;
        await (run === 1 ? first.opened : second.opened);
        ended.push(run);
      },
    });
    await jobs.idle('fit-rescoring');
    jobs.start();
    void jobs.runNow('fit-rescoring');
    let idle = false;
    const waited = jobs.idle('fit-rescoring').then(() => (idle = true));
    first.open();
    await vi.advanceTimersByTimeAsync(0);
    // The first run ended; the one asked for during it has not.
    expect({ ended, idle }).toEqual({ ended: [1], idle: false });
    second.open();
    await waited;
    expect(ended).toEqual([1, 2]);
    await expect(jobs.idle('nothing')).rejects.toThrow('no background job nothing');
    await jobs.stop();
  });

  it('stop each job, wait for its run in flight, and run nothing after', async () => {
    const jobs = registry();
    const send = gate();
    let runs = 0;
    const order: string[] = [];
    jobs.add({
      name: 'outbox',
      everyMs: 1_000,
      run: async () => {
        runs += 1;
        await send.opened;
        order.push('run ended');
      },
      // Cancels the send in flight, as the notification worker's close does.
      stop: () => {
        order.push('stopped');
        send.open();
      },
    });
    jobs.start();
    await vi.advanceTimersByTimeAsync(0);
    await jobs.stop();
    expect(order).toEqual(['stopped', 'run ended']);
    await vi.advanceTimersByTimeAsync(10_000);
    await jobs.runNow('outbox');
    jobs.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
    expect(jobs.started).toBe(false);
  });

  it('start the others when one cannot start, and say which', async () => {
    const jobs = registry();
    let runs = 0;
    jobs.add({
      name: 'wal-checkpoints',
      start: () => {
        throw new Error('no worker threads here');
      },
    });
    jobs.add({
      name: 'daily-schedule',
      start: () => Promise.reject(new Error('database is locked')),
    });
    jobs.add({ name: 'sweep', everyMs: 1_000, run: () => (runs += 1) });
    jobs.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(jobs.records().map((r) => [r.name, r.lastError])).toEqual([
      ['wal-checkpoints', 'no worker threads here'],
      ['daily-schedule', 'database is locked'],
      ['sweep', null],
    ]);
    expect(logged.filter((l) => l.msg === 'background job did not start')).toHaveLength(2);
    expect(() => jobs.add({ name: 'late' })).toThrow('added after start');
    await jobs.stop();
  });
});
