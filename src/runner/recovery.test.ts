import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqliteFile } from '../db/sqlite-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import { openDatabase } from '../db/database';
import { BERLIN, LONDON, PARIS, seedQueries } from './runner-test-kit';

// Recovery after a crash, for real: the runner runs in a child process that is SIGKILLed
// mid-batch (some runs completed, one in progress), then started again on the same file.
// What it stores in the end must equal what an uninterrupted run stores on a fresh file.

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'run-batch-process.ts');
const GUEST_SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const DETAILS = '/jobs-guest/jobs/api/jobPosting/';
const QUERIES = [
  { jobTitle: 'python developer', ...BERLIN },
  { jobTitle: 'data engineer', ...PARIS },
  { jobTitle: 'product designer', ...LONDON },
  { jobTitle: 'site reliability engineer', ...BERLIN },
];

let simulator: Simulator;
const dirs: string[] = [];
beforeAll(async () => {
  simulator = await startSimulator({ jobsPerQuery: 40 });
});
afterAll(async () => {
  await simulator.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function seededDir(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-recovery-'));
  dirs.push(dir);
  const database = await openDatabase(dir);
  seedQueries(database, QUERIES);
  await database.close();
  return dir;
}

function runChild(dataDir: string): {
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
} {
  let stderr = '';
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, JOBSCOUT_DATA_DIR: dataDir, JOBSCOUT_SITE_URL: simulator.url },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, 'exit').then(([code]) => (typeof code === 'number' ? code : null));
  return { child, exited, stderr: () => stderr };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Snapshot {
  batches: unknown[];
  runs: unknown[];
  links: unknown[];
  jobs: unknown[];
}

function snapshot(dataDir: string): Snapshot {
  const db = openSqliteFile(path.join(dataDir, 'jobscout.sqlite'), { readonly: true });
  try {
    return {
      batches: db
        .prepare(
          'SELECT id, kind, status, error, jobs_to_enrich, jobs_enriched FROM batches ORDER BY id',
        )
        .all(),
      runs: db
        .prepare(
          'SELECT id, batch_id, query_id, status, error, pages_fetched, jobs_found, next_start FROM query_runs ORDER BY id',
        )
        .all(),
      links: db
        .prepare(
          'SELECT query_run_id, job_id, rank FROM query_run_jobs ORDER BY query_run_id, rank',
        )
        .all(),
      jobs: db
        .prepare(
          `SELECT id, title, company_name, company_id, location, posted_at, salary, url, seniority, employment_type,
             job_function, industries, applicants, easy_apply,
             (SELECT d.description FROM job_descriptions d WHERE d.job_id = jobs.id) AS description,
             first_seen_batch_id,
             details_fetched_at IS NOT NULL AS enriched, details_error
           FROM jobs ORDER BY id`,
        )
        .all(),
    };
  } finally {
    db.close();
  }
}

/** Polls until some runs are completed and one is in progress with a page stored. */
async function waitForMidBatch(dataDir: string): Promise<void> {
  const file = path.join(dataDir, 'jobscout.sqlite');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const db = openSqliteFile(file, { readonly: true });
      try {
        const row = db
          .prepare(
            `SELECT
               (SELECT COUNT(*) FROM query_runs WHERE status = 'completed') AS completed,
               (SELECT COUNT(*) FROM query_runs WHERE status = 'running' AND pages_fetched >= 1) AS running`,
          )
          .get();
        if (typeof row === 'object' && row !== null && 'completed' in row && 'running' in row) {
          if (Number(row.completed) >= 1 && Number(row.running) === 1) return;
        }
      } finally {
        db.close();
      }
    } catch {
      // The child may still be creating the file or migrating it.
    }
    await sleep(5);
  }
  throw new Error('the child never reached the middle of its batch');
}

describe('recovery after the process is killed', () => {
  it('resumes the batch where it stopped and stores exactly what an uninterrupted run stores', async () => {
    // Slow answers, so the batch is long enough to be caught in the middle.
    simulator.faults.latency(40, { pathPrefix: GUEST_SEARCH });
    const interrupted = await seededDir();
    const first = runChild(interrupted);
    await waitForMidBatch(interrupted);
    first.child.kill('SIGKILL');
    await first.exited;

    const killed = snapshot(interrupted);
    expect(killed.batches).toMatchObject([{ status: 'running' }]);
    const doneBeforeKill = killed.runs.filter(
      (r) => typeof r === 'object' && r !== null && 'status' in r && r.status === 'completed',
    );
    expect(doneBeforeKill.length).toBeGreaterThanOrEqual(1);
    const completedQueries = new Set(
      doneBeforeKill.map((r) =>
        typeof r === 'object' && r !== null && 'query_id' in r ? Number(r.query_id) : 0,
      ),
    );

    simulator.faults.clear();
    const mark = simulator.requests.length;
    const second = runChild(interrupted);
    expect(await second.exited).toBe(0);
    expect(second.stderr()).toBe('');

    // Completed runs were not searched again.
    const titles = QUERIES.map((q) => q.jobTitle);
    const researched = new Set(
      simulator.requests
        .slice(mark)
        .filter((r) => r.path === GUEST_SEARCH)
        .map((r) => titles.indexOf(r.query.keywords ?? '') + 1),
    );
    for (const queryId of completedQueries) expect(researched.has(queryId)).toBe(false);

    const detailsBefore = simulator.requests.filter((r) => r.path.startsWith(DETAILS)).length;
    const fresh = await seededDir();
    const clean = runChild(fresh);
    expect(await clean.exited).toBe(0);
    expect(
      simulator.requests.filter((r) => r.path.startsWith(DETAILS)).length - detailsBefore,
    ).toBeGreaterThan(0);

    const resumed = snapshot(interrupted);
    const reference = snapshot(fresh);
    expect(resumed.batches).toEqual(reference.batches);
    expect(resumed.batches).toMatchObject([{ status: 'completed', error: null }]);
    expect(resumed.runs).toEqual(reference.runs);
    expect(resumed.links).toEqual(reference.links);
    expect(resumed.jobs).toEqual(reference.jobs);
    expect(resumed.jobs.length).toBeGreaterThan(100);
  }, 120_000);
});
