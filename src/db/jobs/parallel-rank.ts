import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import { sqliteDriverPath } from '../sqlite-driver';
import type { SqlParams } from './job-query';

// A search by relevance must score every match with bm25 before the best one is known (46,000 for
// a common skill among 200,000 jobs), and most of that time is FTS5 reading each match's length
// (docs/decisions/039). bm25's statistics come from the whole index, so the best of the lower
// job ids and the best of the upper ones, merged, are exactly the best of all: a worker thread
// with a read-only connection of its own ranks one part while the server's thread ranks the
// other (docs/decisions/040).

/** A match of a ranking query: its FTS rowid (the job id) and its bm25 rank (lower is better). */
export interface RankedCandidate {
  rid: number;
  sort_rank: number;
}

/** Below this many indexed jobs one query is quick enough; the worker is not started. */
const PARALLEL_MIN_JOBS = 20_000;
/**
 * The share of the jobs this thread ranks; the worker ranks the rest. Less than half: this thread
 * also runs the caller's `meanwhile` (the list's count, ~5 ms) while the worker ranks. Measured
 * over the jobs bench's searches in-process, p95: 43.2 ms at a half, 41.9 ms at 0.44.
 */
const OWN_SHARE = 0.44;
/** How long the split between the parts is reused before the index is measured again. */
const SPLIT_TTL_MS = 60_000;
/** A worker slower than this is taken for stuck: its part is ranked here, and it is replaced. */
const WORKER_TIMEOUT_MS = 2_000;

const LOWEST_ROWID = Number.MIN_SAFE_INTEGER;
const HIGHEST_ROWID = Number.MAX_SAFE_INTEGER;

const replySchema = z.union([
  z.object({ id: z.number(), rows: z.array(z.tuple([z.number(), z.number()])) }),
  z.object({ id: z.number(), error: z.string() }),
]);
const candidateSchema = z.object({ rid: z.number(), sort_rank: z.number() });
const splitSchema = z.object({ n: z.number(), mid: z.number().nullable() });

// The worker's code, run as a CommonJS script (eval): the server is bundled into one file by
// `npm run build` and runs from source under the tests, and a script needs no file of its own in
// either. It requires the driver by the absolute path the server resolved. Its replies go through
// a port the server's thread reads synchronously (receiveMessageOnPort) after waiting on a shared
// flag: the list's code stays synchronous, as every other read of the Jobs screen is.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const signal = new Int32Array(workerData.signal);
const port = workerData.port;
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 1000');
const statements = new Map();
port.on('message', (request) => {
  let reply;
  try {
    let statement = statements.get(request.sql);
    if (statement === undefined) {
      statement = db.prepare(request.sql).raw(true);
      if (statements.size > 50) statements.clear();
      statements.set(request.sql, statement);
    }
    reply = { id: request.id, rows: statement.all(request.params) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
  Atomics.store(signal, 0, request.id);
  Atomics.notify(signal, 0);
});
Atomics.store(signal, 1, 1);
`;

/** The shared flag's slots: the id of the last request answered, and whether the worker is up. */
const ANSWERED = 0;
const READY = 1;

interface RankWorker {
  worker: Worker;
  port: MessagePort;
  signal: Int32Array;
}

export interface ParallelRankerOptions {
  /** Fewer indexed jobs than this: one query, no worker (tests set 0). */
  minJobs?: number;
}

/**
 * Runs a ranking query over two parts of the job ids at once. The query must select
 * `rowid, <rank>` from the FTS index for rowids in `@lo`..`@hi`, ordered by rank then rowid, at
 * most `@limit`; the answer is what it answers over every rowid.
 */
export class ParallelRanker {
  private rankWorker: RankWorker | undefined;
  /** The worker could not be started: rank in one query from now on. */
  private unavailable = false;
  private nextId = 0;
  private split: { at: number; rowid: number | null } | undefined;
  private readonly minJobs: number;
  private readonly statements = new Map<string, SQLite.Statement>();
  /** How many rankings the worker took part in (the tests check the parallel path ran). */
  workerAnswers = 0;

  private readonly sqlite: SQLite.Database;

  constructor(connection: ConnectionLike, options: ParallelRankerOptions = {}) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    this.minJobs = options.minJobs ?? PARALLEL_MIN_JOBS;
  }

  /**
   * The best `limit` matches. `meanwhile` is work of the caller's that does not depend on them
   * (the list's count): it runs on this thread while the worker ranks its share, or after the
   * ranking when there is no worker.
   */
  best(
    sql: string,
    params: SqlParams,
    limit: number,
    meanwhile: () => void = () => undefined,
  ): RankedCandidate[] {
    const split = this.splitRowid();
    const worker = split === null ? undefined : this.readyWorker();
    if (split === null || worker === undefined) {
      const all = this.local(sql, { ...params, lo: LOWEST_ROWID, hi: HIGHEST_ROWID, limit });
      meanwhile();
      return all;
    }
    const upper = { ...params, lo: split, hi: HIGHEST_ROWID, limit };
    this.nextId += 1;
    const id = this.nextId;
    worker.port.postMessage({ id, sql, params: upper });
    const lower = this.local(sql, { ...params, lo: LOWEST_ROWID, hi: split - 1, limit });
    meanwhile();
    const theirs = this.awaitReply(worker, id);
    if (theirs === null) return merge(lower, this.local(sql, upper), limit);
    this.workerAnswers += 1;
    return merge(lower, theirs, limit);
  }

  /** Stops the worker; a later ranking starts another. */
  close(): void {
    const running = this.rankWorker;
    this.rankWorker = undefined;
    if (running) {
      running.port.close();
      void running.worker.terminate();
    }
  }

  private local(sql: string, params: SqlParams): RankedCandidate[] {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.sqlite.prepare(sql);
      // A few shapes at most (with or without a cursor); the bound only guards against a leak.
      if (this.statements.size > 50) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement.all(params).map((raw) => candidateSchema.parse(raw));
  }

  /**
   * The rowid splitting the index's jobs in two parts (OWN_SHARE below it), or null when the
   * index is too small to be worth a second thread (or is in memory, where no other connection
   * can read it).
   */
  private splitRowid(): number | null {
    if (this.unavailable || this.sqlite.memory) return null;
    const now = Date.now();
    if (this.split === undefined || now - this.split.at > SPLIT_TTL_MS) {
      const { n, mid } = splitSchema.parse(
        this.sqlite
          .prepare(
            `SELECT (SELECT COUNT(*) FROM jobs_fts_docsize) AS n,
               (SELECT id FROM jobs_fts_docsize ORDER BY id
                LIMIT 1 OFFSET CAST((SELECT COUNT(*) FROM jobs_fts_docsize) * @share AS INTEGER))
               AS mid`,
          )
          .get({ share: OWN_SHARE }),
      );
      this.split = { at: now, rowid: n >= Math.max(this.minJobs, 2) ? mid : null };
    }
    return this.split.rowid;
  }

  /** The worker when it is up; otherwise starts it (this ranking runs in one query). */
  private readyWorker(): RankWorker | undefined {
    if (this.rankWorker === undefined) {
      this.start();
      return undefined;
    }
    return Atomics.load(this.rankWorker.signal, READY) === 1 ? this.rankWorker : undefined;
  }

  private start(): void {
    let driver: string;
    try {
      driver = sqliteDriverPath();
    } catch {
      this.unavailable = true;
      return;
    }
    const signal = new Int32Array(new SharedArrayBuffer(8));
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver, file: this.sqlite.name, signal: signal.buffer, port: port2 },
      transferList: [port2],
    });
    // Never what keeps the server's process alive.
    worker.unref();
    port1.unref();
    const started: RankWorker = { worker, port: port1, signal };
    this.rankWorker = started;
    worker.on('error', () => {
      // It could not open the database or load the driver: one query from now on.
      this.unavailable = true;
      if (this.rankWorker === started) this.close();
    });
    worker.on('exit', () => {
      if (this.rankWorker === started) this.rankWorker = undefined;
    });
  }

  /** The worker's rows for request `id`, or null when it failed or took too long. */
  private awaitReply(worker: RankWorker, id: number): RankedCandidate[] | null {
    const deadline = Date.now() + WORKER_TIMEOUT_MS;
    for (;;) {
      const answered = Atomics.load(worker.signal, ANSWERED);
      if (answered === id) break;
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(worker.signal, ANSWERED, answered, left) === 'timed-out') {
        this.close();
        return null;
      }
    }
    // Replies to earlier requests that timed out may be queued before this one.
    for (;;) {
      const received = receiveMessageOnPort(worker.port);
      if (received === undefined) return null;
      const reply = replySchema.safeParse(received.message);
      if (!reply.success) return null;
      if (reply.data.id !== id) continue;
      if ('error' in reply.data) return null;
      return reply.data.rows.map(([rid, rank]) => ({ rid, sort_rank: rank }));
    }
  }
}

/** The best `limit` of two lists each in (rank, rowid) order, in that order. */
function merge(a: RankedCandidate[], b: RankedCandidate[], limit: number): RankedCandidate[] {
  const out: RankedCandidate[] = [];
  let i = 0;
  let j = 0;
  while (out.length < limit) {
    const x = a[i];
    const y = b[j];
    if (x === undefined && y === undefined) break;
    if (
      y === undefined ||
      (x !== undefined &&
        (x.sort_rank < y.sort_rank || (x.sort_rank === y.sort_rank && x.rid < y.rid)))
    ) {
      if (x !== undefined) out.push(x);
      i += 1;
    } else {
      out.push(y);
      j += 1;
    }
  }
  return out;
}
