import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatePassword } from '../src/server/auth/password';
import { startSimulator, VALID_COOKIES } from '../simulator';

// `npm run demo`: the real server against the simulated site, on a temporary data folder, with
// three example queries and the simulator's session cookies, so Run Batch produces a
// downloadable spreadsheet within a minute. Nothing here talks to the real LinkedIn.
const PORT = Number(process.env.PORT ?? '3000');
// Short pacing and a cap keep the demo batch well under a minute; the real defaults are 3 s and 1000.
const DEMO_INTERVAL_MS = '40';
const DEMO_MAX_RESULTS = '60';

const EXAMPLES = [
  { job_title: 'Financial Analyst', place: 'New York', is_ai: false },
  { job_title: 'Software Engineer', place: 'Berlin', is_ai: false },
  { job_title: 'Data scientist working on climate models', place: 'London', is_ai: true },
];

async function api(
  url: string,
  token: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${url}/api/v1${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok)
    throw new Error(`${method} ${pathname} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

function firstPlaceId(hits: unknown): number {
  if (Array.isArray(hits)) {
    const first: unknown = hits[0];
    if (typeof first === 'object' && first !== null && 'id' in first) return Number(first.id);
  }
  throw new Error('the simulated typeahead returned no place');
}

async function main(): Promise<void> {
  const simulator = await startSimulator();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-demo-'));
  const password = generatePassword();
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: password,
      LINKEDIN_BASE_URL: simulator.url,
      SCRAPE_MIN_INTERVAL_MS: DEMO_INTERVAL_MS,
      SCRAPE_MAX_RESULTS_PER_QUERY: DEMO_MAX_RESULTS,
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

  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  const session: unknown = await login.json();
  if (
    typeof session !== 'object' ||
    session === null ||
    !('token' in session) ||
    typeof session.token !== 'string'
  ) {
    throw new Error('the demo could not sign in');
  }
  const token = session.token;
  await api(url, token, 'POST', '/settings', { cookies: VALID_COOKIES, script_time: '09:00' });
  for (const example of EXAMPLES) {
    const hits = await api(
      url,
      token,
      'GET',
      `/locations/typeahead?query=${encodeURIComponent(example.place)}`,
    );
    await api(url, token, 'POST', '/queries', {
      job_title: example.job_title,
      location_id: firstPlaceId(hits),
      status: 'active',
      is_ai: example.is_ai,
    });
  }

  console.log(`
  jobscout demo — against a simulated LinkedIn at ${simulator.url}

    Dashboard:  ${url}/
    Password:   ${password}

  Three example queries and the simulator's session cookies are already saved.
  Open Batches, press Run Batch, and download the spreadsheet when it completes.
  Data lives in ${dataDir} and is removed when you stop the demo (Ctrl+C).
`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
