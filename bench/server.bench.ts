import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database';
import { atLeast, atMost, context, type BenchSuite } from './report';
import { measureThroughput } from './load';
import { processCpuSeconds } from './process-stats';
import { freePort, startServerProcess } from '../test/server-process';

const CONNECTIONS = 50;
const DURATION_MS = 5_000;
// The default level: the figure is what an operator's server does, request logs included.
const SERVER_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** Metrics on (issue 18): prom-client loaded, every request counted. Both ways are measured. */
const METRICS_ENV = { METRICS_TOKEN: 'bench-metrics-token-0123456789abcdef' };

async function seedQueries(dataDir: string, count: number): Promise<void> {
  const { db, close } = await openDatabase(dataDir);
  const now = Date.now();
  await db
    .insertInto('locations')
    .values({ id: 103035651, display_name: 'Berlin, Germany', seen_at: now })
    .execute();
  for (let i = 0; i < count; i += 1) {
    await db
      .insertInto('queries')
      .values({
        job_title: `Software Engineer ${i}`,
        location_id: 103035651,
        display_name: 'Berlin, Germany',
        status: i % 7 === 0 ? 'inactive' : 'active',
        is_ai: i % 3 === 0 ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await close();
}

async function startBare(port: number, payload: string): Promise<() => Promise<void>> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/bare-fastify.ts', String(port), payload],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
}

/**
 * Another build to start beside this one (its dist folder, e.g. the previous release's checked
 * out and built elsewhere): start-up is compared in the same run, since a shared machine's pace
 * changes from one minute to the next (issue 39).
 */
const PREVIOUS_DIST = process.env.BENCH_PREVIOUS_DIST;
/** Cold starts per build: 3, or more when comparing (BENCH_START_ROUNDS). */
const START_ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? (PREVIOUS_DIST ? 7 : 3));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface StartFigures {
  /** Spawn to the first 200 from /healthz, ms. */
  ms: number;
  /** The CPU time the server had used by then (all its threads), ms: a busy machine slows it less. */
  cpuMs: number;
}

/**
 * Start-up: the median of cold starts of the real server process, and of the previous build's
 * when one is given, taken in turns so that both meet the same moments of the machine.
 */
async function medianStart(
  env: Record<string, string>,
  { restart = false }: { restart?: boolean } = {},
): Promise<{ ours: StartFigures; previous: StartFigures | undefined }> {
  const ours: StartFigures[] = [];
  const previous: StartFigures[] = [];
  const previousFile = PREVIOUS_DIST ? path.join(PREVIOUS_DIST, 'server/main.mjs') : undefined;
  // A restart (every deploy after the first) opens a database its own build already migrated; a
  // cold start makes a new file and runs every migration, each build its own list.
  const folders = new Map<string | undefined, string>();
  if (restart) {
    for (const serverFile of previousFile ? [undefined, previousFile] : [undefined]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-bench-restart-'));
      await (
        await startServerProcess({ env: { LOG_LEVEL: 'warn', ...env }, serverFile, dataDir })
      ).stop();
      folders.set(serverFile, dataDir);
    }
  }
  for (let i = 0; i < START_ROUNDS; i += 1) {
    const builds = previousFile ? [undefined, previousFile] : [undefined];
    // Which goes first alternates: the first start of a pair meets a colder disk cache.
    if (i % 2 === 1) builds.reverse();
    for (const serverFile of builds) {
      const dataDir = folders.get(serverFile);
      const s = await startServerProcess({
        env: { LOG_LEVEL: 'warn', ...env },
        serverFile,
        ...(dataDir ? { dataDir } : {}),
      });
      const cpuMs = processCpuSeconds(s.pid) * 1000;
      (serverFile === undefined ? ours : previous).push({ ms: s.startMs, cpuMs });
      await s.stop();
    }
  }
  for (const dataDir of folders.values()) fs.rmSync(dataDir, { recursive: true, force: true });
  const medians = (starts: StartFigures[]): StartFigures => ({
    ms: median(starts.map((x) => x.ms)),
    cpuMs: median(starts.map((x) => x.cpuMs)),
  });
  return { ours: medians(ours), previous: PREVIOUS_DIST ? medians(previous) : undefined };
}

/** The start-up figures: ours against the budget, and beside the previous build's when given. */
function startFigures(
  label: string,
  start: { ours: StartFigures; previous: StartFigures | undefined },
) {
  const figures = [
    atMost(`${label} (median of ${START_ROUNDS})`, Math.round(start.ours.ms), 'ms', 1500),
    context(`${label}: the server's CPU time by then`, Math.round(start.ours.cpuMs), 'ms'),
  ];
  if (start.previous !== undefined) {
    figures.push(
      context(`${label}, previous build`, Math.round(start.previous.ms), 'ms'),
      context(`${label}, previous build: its CPU time`, Math.round(start.previous.cpuMs), 'ms'),
      atMost(
        `${label}: ours as % of the previous build's`,
        Math.round((start.ours.ms / start.previous.ms) * 100),
        '%',
        100,
      ),
    );
  }
  return figures;
}

/** GET /api/v1/queries with 50 queries and 50 clients, after a warm-up; and the JSON it answers. */
async function queriesThroughput(
  env: Record<string, string>,
): Promise<{ rps: number; errors: number; payload: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-bench-q-'));
  await seedQueries(dataDir, 50);
  const server = await startServerProcess({
    dataDir,
    env: { LOG_LEVEL: SERVER_LOG_LEVEL, ...env },
  });
  const token = await server.apiToken();
  const sample = await fetch(`${server.url}/api/v1/queries`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const payload = await sample.text();
  if (sample.status !== 200) throw new Error(`GET /queries answered ${sample.status}`);
  const headers = { authorization: `Bearer ${token}` };
  await measureThroughput(server.url, '/api/v1/queries', headers, CONNECTIONS, 1_000); // warm-up
  const measured = await measureThroughput(
    server.url,
    '/api/v1/queries',
    headers,
    CONNECTIONS,
    DURATION_MS,
  );
  if (env.METRICS_TOKEN) {
    // The figure is only worth something if the requests were really being counted.
    const metrics = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${env.METRICS_TOKEN}` },
    });
    const text = await metrics.text();
    if (
      !text.includes(
        'jobscout_http_request_duration_seconds_count{method="GET",route="/api/v1/queries"',
      )
    )
      throw new Error(`GET /metrics did not count the load (${metrics.status})`);
  }
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { rps: measured.rps, errors: measured.errors, payload };
}

export const serverSuite: BenchSuite = {
  name: 'server',
  async run() {
    const start = await medianStart({});
    const startWithMetrics = await medianStart(METRICS_ENV);
    const restart = await medianStart({}, { restart: true });
    const ours = await queriesThroughput({});
    const withMetrics = await queriesThroughput(METRICS_ENV);
    const { payload } = ours;

    const barePort = await freePort();
    const bareOrigin = `http://127.0.0.1:${barePort}`;
    const stopBare = await startBare(barePort, payload);
    await measureThroughput(bareOrigin, '/api/v1/queries', {}, CONNECTIONS, 1_000);
    const bare = await measureThroughput(
      bareOrigin,
      '/api/v1/queries',
      {},
      CONNECTIONS,
      DURATION_MS,
    );
    await stopBare();

    return [
      ...startFigures('server start to /healthz answering', start),
      context('GET /api/v1/queries, 50 queries, 50 clients', Math.round(ours.rps), 'req/s'),
      context('bare Fastify route, same JSON, 50 clients', Math.round(bare.rps), 'req/s'),
      atLeast(
        'GET /api/v1/queries as % of bare Fastify',
        Math.round((ours.rps / bare.rps) * 100),
        '%',
        70,
      ),
      ...startFigures('with METRICS_TOKEN: start to /healthz', startWithMetrics),
      ...startFigures('restart on a database already migrated: start to /healthz', restart),
      context('with METRICS_TOKEN: GET /api/v1/queries', Math.round(withMetrics.rps), 'req/s'),
      atLeast(
        'with METRICS_TOKEN: GET /api/v1/queries as % of bare',
        Math.round((withMetrics.rps / bare.rps) * 100),
        '%',
        70,
      ),
      atMost(
        'errors during the load runs',
        ours.errors + withMetrics.errors + bare.errors,
        'errors',
        0,
      ),
    ];
  },
};
