import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSimulator, type Simulator } from '../../simulator';
import { PipelineTriage } from '../db/pipeline/triage-sync';
import { SETTING_KEYS } from '../db/settings';
import { BERLIN, seedQueries, startRunnerFixture, type RunnerFixture } from './runner-test-kit';

// Issue 41's re-checks give way (decision 065): they run after the batch's end and stop, between
// two requests, when another batch waits in the queue or the runner closes; what they did not
// read stays due. The batch they follow stays completed either way.

const DETAILS = '/jobs-guest/jobs/api/jobPosting/';
const SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const DAY = 86_400_000;
const JOBS = 10;

let simulator: Simulator;
let fixture: RunnerFixture;
let clock = Date.parse('2026-11-02T08:00:00Z');

beforeEach(async () => {
  simulator = await startSimulator({ jobsPerQuery: JOBS, jobCount: 200, dailyGrowth: 0 });
  clock = Date.parse('2026-11-02T08:00:00Z');
  fixture = await startRunnerFixture(simulator.url, { now: () => clock });
  const sqlite = fixture.database.sqlite;
  seedQueries(fixture.database, [{ jobTitle: 'python developer', ...BERLIN }]);
  await fixture.runner.start('manual');
  await fixture.runner.idle();
  const ids = sqlite.prepare('SELECT id FROM jobs').pluck().all().map(Number);
  expect(ids).toHaveLength(JOBS);
  new PipelineTriage(sqlite).setStates(ids, 'saved', clock);
  sqlite
    .prepare('INSERT INTO settings (key, value) VALUES (?, ?)')
    .run(SETTING_KEYS.rechecks, JSON.stringify({ every_days: 1, budget: 100 }));
  clock += DAY;
  // Each page answers slowly, so a re-check is in flight when the test steps in.
  simulator.faults.latency(150, { pathPrefix: DETAILS });
});
afterEach(async () => {
  await fixture.close();
  await simulator.close();
});

const rechecksSince = (mark: number) =>
  simulator.requests.slice(mark).filter((r) => r.path.startsWith(DETAILS)).length;

async function firstRecheck(mark: number): Promise<void> {
  await expect.poll(() => rechecksSince(mark), { interval: 20 }).toBeGreaterThan(0);
}

const lastStatus = () =>
  z
    .string()
    .parse(
      fixture.database.sqlite.prepare('SELECT status FROM batches ORDER BY id DESC').pluck().get(),
    );
const stopsOf = () =>
  fixture.log.entries
    .filter((e) => e.msg === 're-checks done')
    .map((e) => z.object({ checked: z.number(), stoppedBy: z.string().nullable() }).parse(e.obj));

describe('re-checks give way', () => {
  it('to a batch waiting in the queue, which starts after the page in flight', async () => {
    const mark = simulator.requests.length;
    const first = await fixture.runner.start('manual');
    expect(first.claimed).toBe(true);
    await firstRecheck(mark);
    const second = await fixture.runner.start('manual');
    expect(second.claimed).toBe(true);
    await fixture.runner.idle();
    const after = simulator.requests.slice(mark);
    const secondSearch = after.findIndex(
      (r, i) =>
        r.path.startsWith(SEARCH) && after.slice(0, i).some((p) => p.path.startsWith(DETAILS)),
    );
    expect(secondSearch).toBeGreaterThan(0);
    const readFirst = after.slice(0, secondSearch).filter((r) => r.path.startsWith(DETAILS)).length;
    expect(readFirst).toBeGreaterThan(0);
    expect(readFirst).toBeLessThan(JOBS);
    expect(stopsOf()[0]).toEqual({ checked: readFirst, stoppedBy: 'batch-waiting' });
    // The second batch's re-checks read the rest; none twice.
    expect(rechecksSince(mark)).toBe(JOBS);
    expect(stopsOf()[1]).toEqual({ checked: JOBS - readFirst, stoppedBy: null });
    expect(lastStatus()).toBe('completed');
  });

  it('to the runner closing: the batch stays completed, the jobs not read stay due', async () => {
    const mark = simulator.requests.length;
    await fixture.runner.start('manual');
    await firstRecheck(mark);
    await fixture.runner.close();
    const read = rechecksSince(mark);
    expect(read).toBeLessThan(JOBS);
    expect(lastStatus()).toBe('completed');
    expect(stopsOf()).toEqual([{ checked: read, stoppedBy: 'stopping' }]);
    const readToday = fixture.database.sqlite
      .prepare('SELECT COUNT(*) FROM jobs WHERE last_checked_at = ?')
      .pluck()
      .get(clock);
    expect(readToday).toBe(read);
  });
});
