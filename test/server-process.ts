import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The operator password of every server started here. */
export const TEST_SERVER_PASSWORD = 'a test password that is long enough';

export interface ServerProcess {
  url: string;
  dataDir: string;
  /** The server's process id (the benchmarks read its memory and CPU time from /proc). */
  pid: number;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  startMs: number;
  /** Everything the server printed, for assertions on logs (e.g. no secrets). */
  output: () => string;
  /** Signs in through the API and returns a bearer token. */
  apiToken: () => Promise<string>;
  stop: () => Promise<void>;
}

export interface ServerProcessOptions {
  env?: Record<string, string>;
  /** A free port is chosen when none is given. */
  port?: number;
  /** A fresh temporary folder (removed on stop) when none is given. */
  dataDir?: string;
  /**
   * The built server to run; this checkout's by default. The server bench starts another build's
   * (BENCH_PREVIOUS_DIST) beside it, to compare start-up in the same run.
   */
  serverFile?: string;
}

/** This checkout's built server, as `npm start` runs it. */
export const BUILT_SERVER = 'dist/server/main.mjs';

export async function freePort(): Promise<number> {
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

/**
 * The built server (`dist/server/main.mjs`, as `npm start` runs it) in its own process, on
 * loopback. Nothing it is pointed at by default answers: a caller that scrapes must pass
 * LINKEDIN_BASE_URL (a simulator), so no test or benchmark can reach the real site.
 */
export async function startServerProcess(
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-proc-'));
  const started = performance.now();
  const child = spawn(process.execPath, [options.serverFile ?? BUILT_SERVER], {
    env: {
      ...process.env,
      LINKEDIN_BASE_URL: 'http://127.0.0.1:9',
      SCRAPE_MIN_INTERVAL_MS: '0',
      LOG_LEVEL: 'info',
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_SERVER_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 30_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - started;
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process has no pid');
  return {
    url,
    pid,
    dataDir,
    startMs,
    output: () => output,
    apiToken: async () => {
      const res = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: TEST_SERVER_PASSWORD }),
      });
      const body: unknown = await res.json();
      if (
        typeof body === 'object' &&
        body !== null &&
        'token' in body &&
        typeof body.token === 'string'
      ) {
        return body.token;
      }
      throw new Error(`sign-in failed with ${res.status}`);
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const slow = setTimeout(() => {
          // The server bounds its own shutdown; say what it printed if it is taking this long.
          console.warn(
            `server on ${url} is slow to stop; its output so far:\n${output.slice(-4000)}`,
          );
        }, 5_000);
        await exited;
        clearTimeout(slow);
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
