import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs a benchmark module again as a child process (through tsx) with `args`, and answers the
 * last line it printed, parsed as JSON. Each measurement gets a process of its own, so one
 * figure's memory peak never mixes with another's.
 */
export async function runBenchChild(
  moduleUrl: string,
  args: string[],
  what: string,
): Promise<unknown> {
  const file = fileURLToPath(moduleUrl);
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: path.resolve(path.dirname(file), '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    stdout += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`${what} exited with ${code}`);
  const parsed: unknown = JSON.parse(stdout.trim().split('\n').pop() ?? '');
  return parsed;
}
