import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../simulator';

export const E2E_PASSWORD = 'e2e password that is long';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server printed, for assertions on logs (e.g. no secrets). */
  output: () => string;
  /** Signs in through the API and returns a bearer token (for seeding data). */
  apiToken: () => Promise<string>;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts the real server (built app, real SQLite) on a free port with a fresh data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.mjs'], {
    env: {
      ...process.env,
      LINKEDIN_BASE_URL: 'http://127.0.0.1:9',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_PASSWORD,
      SCRAPE_MIN_INTERVAL_MS: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`server did not answer /healthz in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    output: () => output,
    apiToken: async () => {
      const res = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: E2E_PASSWORD }),
      });
      const body: unknown = await res.json();
      if (
        typeof body === 'object' &&
        body !== null &&
        'token' in body &&
        typeof body.token === 'string'
      )
        return body.token;
      throw new Error(`sign-in failed: ${res.status}`);
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the page the way an operator does. */
export async function signIn(page: Page, password = E2E_PASSWORD): Promise<void> {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * `simulator`: the simulated LinkedIn, in the test's worker. `server`: the real server, pointed at
 * that simulator, on a fresh data folder. Each test gets its own pair.
 */
export const test = base.extend<{ simulator: Simulator; server: RunningServer }>({
  // Playwright reads a fixture's dependencies from this destructuring: it must be written, empty.
  // eslint-disable-next-line no-empty-pattern
  simulator: async ({}, use) => {
    const simulator = await startSimulator();
    await use(simulator);
    await simulator.close();
  },
  server: async ({ simulator }, use) => {
    const server = await startServer({ LINKEDIN_BASE_URL: simulator.url });
    await use(server);
    await server.stop();
  },
});

export { expect };
