import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobCard } from '../src/scraper';
import { BatchStore } from '../src/runner/batch-store';
import { DetailsWriter } from '../src/runner/details-writer';
import { openTempDatabase, seedQueries, BERLIN, LONDON } from '../src/runner/runner-test-kit';
import { startServerProcess } from '../test/server-process';
import { seedApplications } from '../src/db/pipeline/demo-seed';
import { card, details } from './jobs.bench';
import { applicationsOf } from './pipeline.bench';
import {
  atLeast,
  atMost,
  context,
  machinePaceMs,
  type BenchFigure,
  type BenchSuite,
  p95,
  round,
} from './report';

// Issue 32: the Overview's calls over a year of daily batches and 200,000 jobs. The history is
// stored the way the runner stores it (BatchStore: each query's run a page at a time, then the
// batch's details, then its end with the fields' health), so the aggregates the calls read are
// the ones the store keeps. The figures are what the built server answers over HTTP, one request
// at a time as the screen asks: the p95 of each call over every range, with and without a query.
// The Pipeline's 2,000 applications are there too, for what the headlines and searches read of
// them (issue 39).

const DAYS = 365;
const QUERIES = 20;
const JOBS = 200_000;
const NEW_PER_DAY = Math.ceil(JOBS / DAYS);
/** Each day's runs also find this share of jobs already stored (not new). */
const REFOUND = 0.3;
const CARDS_PER_PAGE = 25;
const SAMPLES = 60;
const WARM_UP = 5;
const CALL_P95_MS = 100;
const STORE_FLOOR_PER_S = 1_000;
const DAY_MS = 86_400_000;
const CALLS = ['headlines', 'new-jobs', 'searches', 'market', 'triage', 'site-health'] as const;
const RANGES = ['7', '30', '90', 'all'] as const;

interface Seeded {
  dataDir: string;
  jobs: number;
  storePerSecond: number;
  seedSeconds: number;
}

/** A query's share of the day's new jobs: a few searches find most of them, as in practice. */
function queryShares(): number[] {
  const weights = Array.from({ length: QUERIES }, (_, i) => 1 / (i + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / sum);
}

/** One day's batch: every query's run stores its cards a page at a time, then the details. */
async function storeDay(
  store: BatchStore,
  day: number,
  clock: number,
  known: string[],
): Promise<number> {
  const claim = store.claimBatch('daily', clock, new Date(clock).toISOString().slice(0, 10));
  if (!claim.claimed) throw new Error('overview bench: could not claim a batch');
  const batchId = claim.batch.id;
  const fresh: JobCard[] = [];
  let now = clock;
  for (const share of queryShares()) {
    const query = store.nextQuery(batchId);
    if (!query) throw new Error('overview bench: no query left');
    const run = store.createRun(batchId, query, now);
    const mine = Array.from({ length: Math.max(1, Math.round(NEW_PER_DAY * share)) }, () =>
      card(day),
    );
    fresh.push(...mine);
    // Jobs found again: some of the last days' new jobs, as a daily search sees them again.
    const recent = known.slice(-2_000);
    const cards = [...mine];
    for (let i = 0; i < Math.round(mine.length * REFOUND) && recent.length > 0; i += 1)
      cards.push({ ...card(day), jobId: recent[(i * 7_919 + day * 31) % recent.length] ?? '' });
    for (let start = 0; start < cards.length; start += CARDS_PER_PAGE) {
      const page = cards.slice(start, start + CARDS_PER_PAGE);
      await store.savePage(
        run,
        { start, cards: page, skippedCards: 0, nextStart: start + page.length },
        now,
      );
      now += 100;
    }
    await store.finishRun(run.id, 'completed', null, now);
  }
  await store.setEnriching(batchId);
  const writer = new DetailsWriter(store, batchId, () => now);
  for (const job of fresh) {
    if (writer.add(details(job), writer.requestStarted())) await writer.write();
    now += 10;
  }
  await writer.write();
  store.finishBatch(batchId, 'completed', null, now);
  known.push(...fresh.map((j) => j.jobId));
  return fresh.length;
}

async function seed(): Promise<Seeded> {
  const { database, dataDir } = await openTempDatabase(
    fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-bench-overview-')),
  );
  const store = new BatchStore(database.sqlite);
  seedQueries(
    database,
    Array.from({ length: QUERIES }, (_, i) => ({
      jobTitle: `Overview search ${i + 1}`,
      ...(i % 2 ? LONDON : BERLIN),
    })),
  );
  const started = performance.now();
  const known: string[] = [];
  let jobs = 0;
  let storePerSecond = 0;
  // The year ends today, so the 7, 30 and 90-day ranges all hold data.
  const today = Date.now();
  for (let day = 0; day < DAYS; day += 1) {
    const clock = today - (DAYS - 1 - day) * DAY_MS;
    const dayStarted = performance.now();
    const stored = await storeDay(store, day, clock, known);
    jobs += stored;
    if (day === DAYS - 1) storePerSecond = stored / ((performance.now() - dayStarted) / 1000);
  }
  // The operator's triage on part of it (the aggregates follow the jobs' changes).
  database.sqlite
    .exec(`UPDATE jobs SET state = CASE rowid % 10 WHEN 0 THEN 'seen' WHEN 1 THEN 'saved'
    WHEN 2 THEN 'applied' WHEN 3 THEN 'hidden' ELSE state END WHERE rowid % 10 < 4`);
  // The Pipeline's 2,000 applications with their histories (as its bench seeds them), which the
  // headlines and the Searches table read (issue 39).
  const ids = database.sqlite
    .prepare('SELECT id FROM jobs ORDER BY rowid')
    .pluck()
    .all()
    .map((id) => String(id));
  seedApplications(database.sqlite, applicationsOf(ids, today));
  database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await database.close();
  return { dataDir, jobs, storePerSecond, seedSeconds: (performance.now() - started) / 1000 };
}

async function measure(): Promise<BenchFigure[]> {
  const seeded = await seed();
  const pace = machinePaceMs();
  const server = await startServerProcess({ dataDir: seeded.dataDir, env: { LOG_LEVEL: 'warn' } });
  try {
    const headers = { authorization: `Bearer ${await server.apiToken()}` };
    const call = async (pathname: string): Promise<number> => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/v1${pathname}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`overview bench: ${pathname} answered ${res.status}`);
      return performance.now() - started;
    };
    const figures: BenchFigure[] = [
      context(
        `seeded: ${seeded.jobs.toLocaleString('en')} jobs, ${DAYS} daily batches × ${QUERIES} queries`,
        round(seeded.seedSeconds),
        's',
      ),
      atLeast(
        'stored per second, the last day’s batch (cards + details)',
        Math.round(seeded.storePerSecond),
        'jobs/s',
        STORE_FLOOR_PER_S,
      ),
    ];
    for (const name of CALLS) {
      const times: number[] = [];
      for (const range of RANGES) {
        for (const query of ['', '&query=1', '&query=7']) {
          const pathname = `/overview/${name}?range=${range}${query}`;
          for (let i = 0; i < WARM_UP; i += 1) await call(pathname);
          for (let i = 0; i < SAMPLES / 3; i += 1) times.push(await call(pathname));
        }
      }
      figures.push(
        atMost(
          `GET /overview/${name}, p95 over every range and query`,
          round(p95(times)),
          'ms',
          CALL_P95_MS,
        ),
      );
    }
    figures.push(context('machine pace after seeding (lower is faster)', pace, 'ms'));
    return figures;
  } finally {
    await server.stop();
    // OVERVIEW_BENCH_KEEP=1 keeps the year's database for a closer look (EXPLAIN, sqlite3).
    if (process.env.OVERVIEW_BENCH_KEEP === '1') console.log(`kept: ${seeded.dataDir}`);
    else fs.rmSync(seeded.dataDir, { recursive: true, force: true });
  }
}

export const overviewSuite: BenchSuite = { name: 'overview', run: measure };
