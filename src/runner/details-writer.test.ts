import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import type { OpenedDatabase } from '../db/database';
import { BatchStore } from './batch-store';
import { DETAILS_GROUP_MAX, DETAILS_GROUP_MAX_AGE_MS, DetailsWriter } from './details-writer';
import {
  BERLIN,
  detailsOf,
  openTempDatabase,
  seedQueries,
  startRunnerFixture,
  type RunnerFixture,
} from './runner-test-kit';

// The enriching step's writes (docs/decisions/042): details that come back within milliseconds of
// each other share a transaction; a request that waited (the site's pacing) has its page written
// before the next one starts; whatever ends the step, nothing fetched is left unwritten.

const DETAILS = '/jobs-guest/jobs/api/jobPosting/';

const job = (id: string) =>
  detailsOf(
    {
      jobId: id,
      title: 'Data Engineer',
      companyName: 'Acme',
      companySlug: null,
      location: 'Berlin',
      salary: null,
      postedDate: null,
      postedText: null,
      url: `https://www.linkedin.com/jobs/view/${id}`,
    },
    'Pipelines in Python.',
  );

describe('DetailsWriter', () => {
  let database: OpenedDatabase;
  let dataDir: string;
  beforeEach(async () => {
    ({ database, dataDir } = await openTempDatabase());
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function writerWithClock() {
    const store = new BatchStore(database.sqlite);
    const group = vi.spyOn(store, 'saveDetailsGroup').mockResolvedValue(undefined);
    let elapsed = 0;
    const writer = new DetailsWriter(
      store,
      7,
      () => 1_000,
      () => elapsed,
    );
    return {
      writer,
      group,
      at: (ms: number) => {
        elapsed = ms;
      },
    };
  }

  it(`holds fast answers until ${DETAILS_GROUP_MAX}, then writes them in one call`, async () => {
    const { writer, group } = writerWithClock();
    for (let i = 1; i < DETAILS_GROUP_MAX; i += 1)
      expect(writer.add(job(String(i)), writer.requestStarted())).toBe(false);
    expect(writer.add(job(String(DETAILS_GROUP_MAX)), writer.requestStarted())).toBe(true);
    expect(group).not.toHaveBeenCalled();
    await writer.write();
    expect(group).toHaveBeenCalledTimes(1);
    const [batchId, written, now] = group.mock.calls[0] ?? [];
    expect(batchId).toBe(7);
    expect(now).toBe(1_000);
    expect(written?.map((d) => d.jobId)).toEqual(
      Array.from({ length: DETAILS_GROUP_MAX }, (_, i) => String(i + 1)),
    );
    // Written once: a second write has nothing left.
    await writer.write();
    expect(group).toHaveBeenCalledTimes(1);
  });

  it(`writes once ${DETAILS_GROUP_MAX_AGE_MS} ms have passed since the group's first request started`, async () => {
    const { writer, group, at } = writerWithClock();
    const first = writer.requestStarted();
    at(40);
    expect(writer.add(job('1'), first)).toBe(false);
    const second = writer.requestStarted();
    at(DETAILS_GROUP_MAX_AGE_MS - 1);
    expect(writer.add(job('2'), second)).toBe(false);
    const third = writer.requestStarted();
    at(DETAILS_GROUP_MAX_AGE_MS);
    expect(writer.add(job('3'), third)).toBe(true);
    await writer.write();
    expect(group.mock.calls.map(([, written]) => written.map((d) => d.jobId))).toEqual([
      ['1', '2', '3'],
    ]);
    // The next group's age counts from its own first request.
    const fourth = writer.requestStarted();
    at(DETAILS_GROUP_MAX_AGE_MS + 10);
    expect(writer.add(job('4'), fourth)).toBe(false);
  });

  it('writes a page at once when its own request took the whole wait (a paced request)', () => {
    const { writer, at } = writerWithClock();
    const started = writer.requestStarted();
    at(3_000);
    expect(writer.add(job('1'), started)).toBe(true);
  });

  it('does not touch the store with nothing held', async () => {
    const { writer, group } = writerWithClock();
    await writer.write();
    expect(group).not.toHaveBeenCalled();
  });

  it('lets go of a group as its write starts: details added while it waits go in the next', async () => {
    const { writer, group } = writerWithClock();
    let commit!: () => void;
    // The store waits for the connection (a Kysely transaction is open).
    group.mockImplementationOnce(() => new Promise<void>((resolve) => (commit = resolve)));
    writer.add(job('1'), writer.requestStarted());
    const first = writer.write();
    writer.add(job('2'), writer.requestStarted());
    // A caller that does not wait (the jobs bench) writes each job once, never twice.
    void writer.write();
    commit();
    await first;
    expect(group.mock.calls.map(([, written]) => written.map((d) => d.jobId))).toEqual([
      ['1'],
      ['2'],
    ]);
  });

  it('keeps a group whose write failed, for the next write', async () => {
    const { writer, group } = writerWithClock();
    group.mockRejectedValueOnce(new Error('database is locked'));
    writer.add(job('1'), writer.requestStarted());
    await expect(writer.write()).rejects.toThrow('database is locked');
    writer.add(job('2'), writer.requestStarted());
    await writer.write();
    expect(group.mock.calls.map(([, written]) => written.map((d) => d.jobId))).toEqual([
      ['1'],
      ['1', '2'],
    ]);
  });
});

describe('the enriching step', () => {
  let sim: Simulator;
  let fx: RunnerFixture | undefined;
  beforeEach(async () => {
    sim = await startSimulator({ jobsPerQuery: 8 });
  });
  afterEach(async () => {
    await fx?.close();
    fx = undefined;
    await sim.close();
  });

  const storedDetails = (db: OpenedDatabase) =>
    Number(
      db.sqlite
        .prepare('SELECT COUNT(*) FROM jobs WHERE details_fetched_at IS NOT NULL')
        .pluck()
        .get(),
    );

  /**
   * A batch of one query run through the simulator's client, noting how many jobs had their
   * details stored as each details request started.
   */
  async function runWatched(onRequest?: (n: number) => void) {
    const seen: number[] = [];
    fx = await startRunnerFixture(sim.url, {
      wrapSite: (site, db) => ({
        ...site,
        getJobDetails: (jobId, options) => {
          seen.push(storedDetails(db));
          onRequest?.(seen.length);
          return site.getJobDetails(jobId, options);
        },
      }),
    });
    seedQueries(fx.database, [{ jobTitle: 'data engineer', ...BERLIN }]);
    const claim = await fx.runner.start('manual');
    if (!claim.claimed) throw new Error(`batch not started: ${claim.reason}`);
    await fx.runner.idle();
    return {
      seen,
      stored: storedDetails(fx.database),
      batch: new BatchStore(fx.database.sqlite).batch(claim.batch.id),
    };
  }

  it('writes each page before the next request when every request waits', async () => {
    sim.faults.latency(DETAILS_GROUP_MAX_AGE_MS + 20, { pathPrefix: DETAILS });
    const { seen, stored, batch } = await runWatched();
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(stored).toBe(8);
    expect(batch).toMatchObject({ status: 'completed', jobs_enriched: 8 });
  });

  it('keeps every page fetched before the site refused the batch', async () => {
    // A steady clock for the groups' age: the five pages are held however slow this machine is.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      // The sixth details request meets the sign-in wall, which ends the batch.
      const { seen, stored, batch } = await runWatched((n) => {
        if (n === 6) sim.faults.authWall({ pathPrefix: DETAILS });
      });
      // Nothing written while the requests came back at once: the five went in one group, at the end.
      expect(seen).toEqual([0, 0, 0, 0, 0, 0]);
      expect(stored).toBe(5);
      expect(batch).toMatchObject({ status: 'failed', jobs_enriched: 5 });
    } finally {
      vi.useRealTimers();
    }
  });
});
