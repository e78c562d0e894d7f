import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The real entry point, as `npm start` runs it, in a child process.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-main-'));
  dirs.push(dir);
  return path.join(dir, 'data');
}

interface Run {
  output: string;
  code: number | null;
}

/** Starts main.ts, waits until `until` appears in its output (or it exits), then stops it. */
function runMain(env: Record<string, string>, until: RegExp | null): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        LINKEDIN_BASE_URL: 'http://127.0.0.1:9',
        LOG_LEVEL: 'info',
        ADMIN_PASSWORD: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main.ts did not reach ${String(until)} in time:\n${output}`));
    }, 20_000);
    let signalled = false;
    const onData = (d: Buffer) => {
      output += d.toString();
      // Once: a second SIGTERM means "exit now" (exit code 1), and the shutdown's own log line
      // arrives as more output.
      if (!signalled && until && until.test(output)) {
        signalled = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ output, code });
    });
  });
}

describe('npm start (src/server/main.ts)', () => {
  it('generates a password on the first start, prints it once, and never again', async () => {
    const dataDir = freshDir();
    const first = await runMain({ DATA_DIR: dataDir }, /dashboard at http/);
    const match = /ADMIN PASSWORD[^\n]*\n\s*\n\s+(\S+)\s*\n/.exec(first.output);
    expect(match?.[1]).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.code).toBe(0); // SIGTERM is a graceful shutdown
    // Only the hash is stored, and the folder is owner-only.
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const dbBytes = fs.readFileSync(path.join(dataDir, 'jobscout.sqlite'));
    expect(dbBytes.includes(Buffer.from(match?.[1] ?? 'missing'))).toBe(false);

    const second = await runMain({ DATA_DIR: dataDir }, /dashboard at http/);
    expect(second.output).not.toContain('ADMIN PASSWORD');
    expect(second.output).not.toContain(match?.[1] ?? 'missing');
  });

  it('shuts down at once on SIGTERM even with a connection that never sent a request', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: freshDir(),
        ADMIN_PASSWORD: 'a long enough password',
        LINKEDIN_BASE_URL: 'http://127.0.0.1:9',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const listening = new Promise<number>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        output += d.toString();
        const port = /dashboard at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1];
        if (port) resolve(Number(port));
      });
    });
    const port = await listening;
    // What a browser's spare (preconnected) socket looks like to the server.
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((r) => socket.once('connect', r));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const started = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    socket.destroy();
  });

  it('answers /healthz before any background job runs, and starts them after (decision 058)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: freshDir(),
        ADMIN_PASSWORD: 'a long enough password',
        LINKEDIN_BASE_URL: 'http://127.0.0.1:9',
        LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const seen = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve) => {
        const look = () => {
          const match = pattern.exec(output);
          if (match) resolve(match);
          return match !== null;
        };
        if (look()) return;
        const onData = () => {
          if (look()) child.stdout.off('data', onData);
        };
        child.stdout.on('data', onData);
      });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const port = (await seen(/dashboard at http:\/\/127\.0\.0\.1:(\d+)\//))[1];
      // Listening, and still waiting for the first /healthz (or the grace period after it).
      expect(output).not.toContain('background job');
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      await seen(/background jobs started/);
      await seen(/"job":"no-answer-sweep"[^\n]*background job ran/);
      await seen(/"job":"fit-rescoring"[^\n]*background job ran/);
      const logged: unknown[] = output
        .split('\n')
        .filter((line) => line.includes('background job'))
        .map((line): unknown => JSON.parse(line));
      expect(logged[0]).toMatchObject({
        msg: 'background jobs started',
        reason: '/healthz answered',
        jobs: [
          'wal-checkpoints',
          'daily-schedule',
          'notification-outbox',
          'reminder-sweep',
          'no-answer-sweep',
          'fit-rescoring',
          'second-opinion',
        ],
      });
      // Each run is logged with its job and time, after the start.
      expect(logged.slice(1)).toEqual(
        expect.arrayContaining(
          ['notification-outbox', 'reminder-sweep', 'no-answer-sweep', 'fit-rescoring'].map((job) =>
            expect.objectContaining({ msg: 'background job ran', job, ms: expect.any(Number) }),
          ),
        ),
      );
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('stops at start with one line naming a bad variable', async () => {
    const run = await runMain({ DATA_DIR: freshDir(), PORT: 'eighty' }, null);
    expect(run.code).toBe(1);
    expect(run.output.trim()).toBe(
      'Configuration error: PORT must be a port number from 0 to 65535',
    );
  });
});
