import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatePassword } from '../src/server/auth/password';
import { startSimulator } from '../simulator';
import {
  buildDemoData,
  DEMO_MAX_RESULTS,
  DEMO_QUERIES,
  planHistory,
  DEMO_SCRIPT_TIME,
  demoSimulatorOptions,
} from './demo-history';
import { describeBoard } from './demo-pipeline';

// `npm run demo`: the real server against the simulated site, on a temporary data folder, with
// example queries, the simulator's session cookies and DEMO_DAYS (default 90) simulated days of
// daily batches behind them (scripts/demo-history.ts), so the Overview has a history to show and
// Run Batch produces a downloadable spreadsheet within a minute. Nothing here talks to the real
// LinkedIn.
const PORT = Number(process.env.PORT ?? '3000');
// Short pacing and a cap keep the demo batch well under a minute; the real defaults are 3 s and 1000.
const DEMO_INTERVAL_MS = '40';
const MAX_DEMO_DAYS = 365;

function demoDays(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return 90;
  const days = /^\d{1,3}$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(days <= MAX_DEMO_DAYS))
    throw new Error(
      `DEMO_DAYS must be a whole number of days from 0 (no history) to ${MAX_DEMO_DAYS}`,
    );
  return days;
}

/** The server's zone (config.ts): TZ when set, else the system's. */
function serverTimeZone(): string {
  const tz = process.env.TZ?.trim();
  return tz ? tz : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

async function fillDemo(dataDir: string, days: number) {
  const timeZone = serverTimeZone();
  const plan = planHistory({ days, now: Date.now(), timeZone, scriptTime: DEMO_SCRIPT_TIME });
  const simulator = await startSimulator(demoSimulatorOptions(plan));
  if (days > 0) console.log(`  Filling ${days} simulated days of daily batches…`);
  const history = await buildDemoData({
    dataDir,
    simulator,
    plan,
    timeZone,
    onProgress: (line) => console.log(line),
  });
  if (history) {
    // The site catches up with the wall clock: a batch run now finds what was posted since.
    simulator.clock.advance(Math.max(0, Date.now() - simulator.clock.now()));
    for (const event of history.events) console.log(`  ${event}`);
    console.log(
      `  History filled in ${(history.ms / 1000).toFixed(1)} s: ${history.completed} of ${history.batches} daily batches completed, ${history.newJobs} jobs found, ${history.triaged} triaged.`,
    );
    console.log(`  ${describeBoard(history.board, history.applications)}`);
  }
  return { simulator, history };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-demo-'));
  const { simulator, history } = await fillDemo(dataDir, demoDays(process.env.DEMO_DAYS));
  const password = generatePassword();
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: password,
      LINKEDIN_BASE_URL: simulator.url,
      SCRAPE_MIN_INTERVAL_MS: DEMO_INTERVAL_MS,
      SCRAPE_MAX_RESULTS_PER_QUERY: String(DEMO_MAX_RESULTS),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${PORT}`;
  const stop = () => {
    child.kill('SIGTERM');
    child.once('exit', () => {
      void simulator.close().then(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) {
      console.error(`the server exited with ${code}`);
      process.exit(1);
    }
  });

  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (tries > 300) throw new Error('the server did not start within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }

  const behind = history
    ? `with ${history.batches} simulated days of daily batches behind them (DEMO_DAYS):\n  the Overview shows what they found, the triage, the refused requests and the site's health.`
    : 'with no history (DEMO_DAYS=0).';
  console.log(`
  jobscout demo — against a simulated LinkedIn at ${simulator.url}

    Dashboard:  ${url}/
    Overview:   ${url}/overview
    Pipeline:   ${url}/pipeline
    Password:   ${password}

  ${DEMO_QUERIES.length} example queries and the simulator's session cookies are saved,
  ${behind}
  Open Batches, press Run Batch, and download the spreadsheet when it completes.
  Data lives in ${dataDir} and is removed when you stop the demo (Ctrl+C).
`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
