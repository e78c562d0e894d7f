import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

/** Starts `tsx simulator/main.ts` with the given flags and resolves with the URL it prints. */
function startCli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'main.ts'), ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = proc;
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 20_000);
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    proc.on('exit', (code) => reject(new Error(`simulator exited with ${String(code)}: ${out}`)));
  });
}

describe('simulator CLI', () => {
  it('starts on the given port with faults from flags', async () => {
    const url = await startCli([
      '--port',
      '0',
      '--seed',
      '7',
      '--rate-limit',
      '1',
      '--retry-after',
      '3',
      '--path-prefix',
      '/jobs-guest/api',
    ]);
    const path = '/jobs-guest/api/typeaheadHits?typeaheadType=GEO&query=Berlin';
    const refused = await fetch(`${url}${path}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3');
    const answered = await fetch(`${url}${path}`);
    expect(await answered.json()).toContainEqual(expect.objectContaining({ id: '103035651' }));
  });
});
