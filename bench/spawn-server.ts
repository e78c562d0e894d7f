import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BENCH_PASSWORD = 'bench password that is long';

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  startMs: number;
  stop: () => Promise<void>;
}

/** Starts the real server in its own process (the way `npm start` runs it, less the build). */
export async function spawnServer(
  port: number,
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<SpawnedServer> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (performance.now() - started > 30_000) throw new Error('server did not start in 30 s');
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - started;
  return {
    url,
    child,
    dataDir: dir,
    startMs,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function signInToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: BENCH_PASSWORD }),
  });
  const body: unknown = await res.json();
  if (
    typeof body === 'object' &&
    body !== null &&
    'token' in body &&
    typeof body.token === 'string'
  )
    return body.token;
  throw new Error(`bench sign-in failed with ${res.status}`);
}
