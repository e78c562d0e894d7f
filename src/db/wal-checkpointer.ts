import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { sqliteDriverPath } from './sqlite-driver';
import { z } from 'zod';

// A WAL checkpoint copies the pages written since the last one back into the database file and
// syncs it. Run by SQLite's own hook, it happens inside the commit that crosses the threshold, on
// the server's thread: storing 5,000 jobs' cards at full speed spent 0.55 s of 1.97 s committing,
// 150-230 ms at a time in the commits that checkpointed, and the API waited. A worker thread with a
// connection of its own checkpoints instead, so the copying and the syncs run on the other core
// while the server goes on (docs/decisions/043).

/** How often the worker checkpoints. One with nothing to copy costs a lock and no disk access. */
export const CHECKPOINT_INTERVAL_MS = 500;
/**
 * The writer's own threshold while the worker runs. While writes never pause, no checkpoint
 * ever catches up with the last frame, so the WAL never starts over; at this size the writer
 * checkpoints itself, finds most pages already copied, and the WAL starts over (~80 MB at most).
 */
export const BACKSTOP_FRAMES = 20_000;
/**
 * The writer's threshold without the worker (it could not start, or failed): every ~40 MB,
 * SQLite's default being 4 MB (docs/decisions/037).
 */
export const INLINE_FRAMES = 10_000;

// The worker's code, run as a CommonJS script (eval) for the reason parallel-rank.ts gives: the
// server is one bundled file in production and runs from source under the tests.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
let db;
try {
  const Database = require(workerData.driver);
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 1000');
} catch (error) {
  parentPort.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(0);
}
let timer;
let last = '';
const tick = () => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    const seen = result.log + '/' + result.checkpointed;
    if (result.checkpointed > 0 && seen !== last) {
      parentPort.postMessage({ kind: 'checkpointed', log: result.log, checkpointed: result.checkpointed });
    }
    last = seen;
  } catch (error) {
    parentPort.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    db.close();
    process.exit(0);
  }
  timer = setTimeout(tick, workerData.intervalMs);
};
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  process.exit(0);
});
tick();
`;

const messageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('checkpointed'), log: z.number(), checkpointed: z.number() }),
  z.object({ kind: z.literal('failed'), message: z.string() }),
]);

export interface CheckpointPass {
  /** Frames in the WAL when the pass ran. */
  log: number;
  /** Of those, frames now copied into the database file. */
  checkpointed: number;
}

export interface WalCheckpointerOptions {
  intervalMs?: number;
  /** The driver the worker loads (tests name a missing one). */
  driver?: string;
  /**
   * Start the worker now (the default), or when start() is called: the server starts it once it
   * answers /healthz, so the thread's start-up is not the server's (docs/decisions/058).
   */
  startNow?: boolean;
}

export class WalCheckpointer {
  private worker: Worker | undefined;
  private readonly listeners = new Set<(pass: CheckpointPass) => void>();
  private stopping = false;
  private fallbackReason: string | undefined;
  private fallbackListener: ((reason: string) => void) | undefined;
  private exited = false;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly options: WalCheckpointerOptions = {},
  ) {
    if (options.startNow !== false) this.start();
  }

  /** Starts the worker (once); until then the writer checkpoints in its commits, as without it. */
  start(): void {
    if (this.worker !== undefined || this.stopping || this.fallbackReason !== undefined) return;
    const { sqlite, options } = this;
    let driver: string;
    try {
      driver = options.driver ?? sqliteDriverPath();
    } catch (error) {
      this.fallBack(error instanceof Error ? error.message : String(error));
      return;
    }
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_FRAMES}`);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver,
        file: sqlite.name,
        intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
      },
    });
    // Never what keeps the process alive.
    worker.unref();
    worker.on('message', (raw: unknown) => {
      const message = messageSchema.safeParse(raw);
      if (!message.success) return;
      if (message.data.kind === 'failed') this.fallBack(message.data.message);
      else if (message.data.kind === 'checkpointed') {
        const pass = { log: message.data.log, checkpointed: message.data.checkpointed };
        for (const listener of this.listeners) listener(pass);
      }
    });
    worker.on('error', (error) => this.fallBack(error.message));
    worker.on('exit', () => {
      this.exited = true;
      if (!this.stopping) this.fallBack('the checkpoint worker exited');
    });
    this.worker = worker;
  }

  /** Whether the worker checkpoints (false once it failed: the writer's hook does, as before). */
  get running(): boolean {
    return this.worker !== undefined && this.fallbackReason === undefined && !this.stopping;
  }

  /**
   * Tells `listener` once if the worker stops on its own (at once if it already has); the writer
   * then checkpoints as it did before the worker, nothing is lost.
   */
  onFallback(listener: (reason: string) => void): void {
    this.fallbackListener = listener;
    if (this.fallbackReason !== undefined) listener(this.fallbackReason);
  }

  /**
   * Resolves with the next pass that finds at least `frames` frames in the WAL and copies them
   * all (for the tests: a pass can run while the server is still writing).
   */
  caughtUp(frames = 1): Promise<CheckpointPass> {
    return new Promise((resolve) => {
      const listener = (pass: CheckpointPass) => {
        if (pass.log < frames || pass.checkpointed < pass.log) return;
        this.listeners.delete(listener);
        resolve(pass);
      };
      this.listeners.add(listener);
    });
  }

  /** Stops the worker and closes its connection; the writer's hook checkpoints from now on. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (this.stopping) return;
    // Also before start: it is not started afterwards.
    this.stopping = true;
    if (worker === undefined) return;
    this.listeners.clear();
    if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${INLINE_FRAMES}`);
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    // A pass in flight finishes first; one stuck on the disk is not waited for past this. The
    // timer is not unref'd: it keeps the process alive while a caller awaits the stop (the
    // worker itself is unref'd).
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)));
    await Promise.race([exited, timeout]);
    clearTimeout(timer);
    await worker.terminate();
  }

  private fallBack(reason: string): void {
    if (this.fallbackReason !== undefined || this.stopping) return;
    this.fallbackReason = reason;
    if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${INLINE_FRAMES}`);
    this.fallbackListener?.(reason);
  }
}
