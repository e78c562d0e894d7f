import { spawn, type ChildProcess } from 'node:child_process';

// `npm run dev`: the API server restarting on change, and Vite with hot reload proxying /api to it.
// (concurrently would do this, but its current major needs Node 22.)
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[]): void {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (d: Buffer) => process.stdout.write(prefix(d)));
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(prefix(d)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    shutdown(code ?? 0);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

const port = process.env.PORT ?? '3000';
process.env.JOBSCOUT_API_ORIGIN ??= `http://127.0.0.1:${port}`;
run('api', process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts']);
run('web', process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1']);
console.log('dashboard with hot reload: http://127.0.0.1:5173/  (API on port ' + port + ')');
