import type { BatchKind } from '../contract';
import type { CancelRequest, ClaimResult } from '../db/searches/runner-batches';
import { DrivenBatch, type RunnerParts } from './batch-context';
import { driveBatch } from './batch-drive';
import { keepSiteCounts } from './step-notify';
import type { BatchRunner } from './runner-types';

// The batch queue: claims batches (one at a time, database-wide), resumes those a stopped process
// left, cancels the one being driven, and closes after the request in flight. What a batch does is
// batch-drive.ts's and its steps'.

export class BatchQueue implements BatchRunner {
  private closing = false;
  private current: Promise<void> | null = null;
  private readonly waiting: number[] = [];
  private readonly idleListeners = new Set<() => void>();
  private readonly abort = new AbortController();
  private driving: DrivenBatch | null = null;

  constructor(private readonly parts: RunnerParts) {}

  async start(kind: BatchKind, dailyDate?: string): Promise<ClaimResult> {
    if (this.closing) return { claimed: false, reason: 'busy' };
    const { store, now } = this.parts;
    const result = await store.write(() => store.claimBatch(kind, now(), dailyDate ?? null));
    if (result.claimed) {
      this.parts.log.info({ batchId: result.batch.id, kind }, 'batch started');
      this.enqueue(result.batch.id);
    }
    return result;
  }

  resume(): void {
    for (const id of this.parts.store.unfinishedBatchIds()) {
      this.parts.log.info({ batchId: id }, 'resuming unfinished batch');
      this.enqueue(id);
    }
  }

  async cancel(batchId: number): Promise<CancelRequest> {
    const { store, now } = this.parts;
    const result = await store.write(() => store.requestCancel(batchId, now()));
    // This runner's batch stops at once; another process's runner sees the row.
    if (result === 'requested' && this.driving?.batchId === batchId) this.driving.beginCancel();
    return result;
  }

  get busy(): boolean {
    return this.current !== null || this.waiting.length > 0;
  }

  async idle(): Promise<void> {
    while (this.current) await this.current;
  }

  onIdle(listener: () => void): () => void {
    this.idleListeners.add(listener);
    return () => this.idleListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.waiting.length = 0;
    const running = this.current;
    if (!running) return;
    // Let the request in flight finish (its page is then stored); cancel it if it hangs.
    const timer = setTimeout(() => this.abort.abort(), this.parts.options.stopGraceMs ?? 10_000);
    try {
      await running;
    } finally {
      clearTimeout(timer);
    }
  }

  private readonly isClosing = (): boolean => this.closing || this.abort.signal.aborted;

  private async drive(batchId: number): Promise<void> {
    const batch = new DrivenBatch(
      batchId,
      this.parts,
      this.abort.signal,
      this.isClosing,
      () => this.waiting.length > 0,
    );
    this.driving = batch;
    // A cancel made by another process is seen between requests anyway; this also catches it
    // while a request or a refusal's back-off keeps the runner waiting.
    const poll = setInterval(
      () => batch.cancelRequested(),
      this.parts.options.cancelPollMs ?? 1_000,
    );
    poll.unref();
    const tally = this.parts.siteTally;
    tally?.begin();
    try {
      await driveBatch(batch, this.isClosing);
    } finally {
      clearInterval(poll);
      batch.dispose();
      this.driving = null;
      tally?.end();
      await this.keepLeftSiteCounts(batch);
    }
  }

  /**
   * A drive that stopped before the batch's end (the runner closing: it resumes later) keeps
   * what it cost the site so far; the resumed drive adds to it. A killed process loses the
   * counts of its last drive: they are counted in memory.
   */
  private async keepLeftSiteCounts(batch: DrivenBatch): Promise<void> {
    if (!this.parts.siteTally?.pending) return;
    try {
      await this.parts.store.write(() => keepSiteCounts(batch));
    } catch (error) {
      this.parts.log.error({ err: error, batchId: batch.batchId }, 'could not keep site counts');
    }
  }

  private pump(): void {
    if (this.current || this.closing) return;
    const batchId = this.waiting.shift();
    if (batchId === undefined) {
      for (const listener of this.idleListeners) {
        try {
          listener();
        } catch (error) {
          this.parts.log.error({ err: error }, 'idle listener failed');
        }
      }
      return;
    }
    this.current = this.drive(batchId).finally(() => {
      this.current = null;
      this.pump();
    });
  }

  private enqueue(batchId: number): void {
    if (!this.waiting.includes(batchId)) this.waiting.push(batchId);
    this.pump();
  }
}
